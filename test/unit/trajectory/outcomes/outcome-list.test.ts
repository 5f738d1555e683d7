import { describe, expect, it } from "vitest";
import { outcomeListParser } from "../../../../lib/trajectory/outcomes/outcome-list";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument } from "../../../support/samples";

const GOLDEN_DIR = "../../../fixtures/trajectories/outcome-list";
const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("outcome-list fixtures", () => {
  it.each([["labels.json"], ["label-map.json"]])("%s", async (file) => {
    const doc = fixtureDocument(`outcome-list/${file}`);
    expect(outcomeListParser.detect(doc)).toBeGreaterThanOrEqual(0.5);
    await expect(golden(outcomeListParser.parse(doc))).toMatchFileSnapshot(`${GOLDEN_DIR}/${file.replace(/\.json$/, "")}.golden.json`);
  });

  it("reads the list form with its id and verdict spellings, as source label", () => {
    const { outcomes, issues } = outcomeListParser.parse(fixtureDocument("outcome-list/labels.json"));
    expect(issues).toEqual([]);
    expect(outcomes.map((o) => [o.key, o.outcome.label, o.outcome.score, o.outcome.source])).toEqual([
      ["textkit__textkit-7", "success", 1, "label"],
      ["wordcount__wordcount-31", "failure", undefined, "label"],
      ["timeparse-12", "success", undefined, "label"],
      ["csv-merge", "unknown", 0.5, "label"],
    ]);
  });

  it("reads the map form and JSON Lines", () => {
    expect(outcomeListParser.parse(fixtureDocument("outcome-list/label-map.json")).outcomes).toEqual([
      { key: "textkit__textkit-7", outcome: { label: "success", source: "label" } },
      { key: "wordcount__wordcount-31", outcome: { label: "failure", source: "label" } },
    ]);
    const jsonl = toSourceDocument("labels.jsonl", '{"task_id": "a", "success": true}\n{"task_id": "b", "success": false}\n');
    expect(outcomeListParser.parse(jsonl).outcomes.map((o) => o.outcome.label)).toEqual(["success", "failure"]);
  });
});

describe("outcome-list negatives", () => {
  it.each([
    ["a trajectory", fixtureDocument("openhands/app-version.v0-events.json")],
    ["a chat array", toSourceDocument("chat.json", JSON.stringify([{ role: "user", content: "hi" }]))],
    ["a SWE-bench report", fixtureDocument("swebench-report/instance-reports.json")],
    ["a list without verdicts", toSourceDocument("x.json", JSON.stringify([{ task_id: "a" }]))],
    ["garbage", toSourceDocument("x.txt", "success")],
  ])("does not claim %s, and parse reports an error", (_name, doc) => {
    expect(outcomeListParser.detect(doc)).toBe(0);
    const output = outcomeListParser.parse(doc);
    expect(output.outcomes).toEqual([]);
    expect(output.issues.some((i) => i.severity === "error")).toBe(true);
  });
});

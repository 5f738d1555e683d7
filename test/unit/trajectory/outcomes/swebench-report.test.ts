import path from "node:path";
import { describe, expect, it } from "vitest";
import { swebenchReportParser } from "../../../../lib/trajectory/outcomes/swebench-report";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";

const GOLDEN_DIR = "../../../fixtures/trajectories/swebench-report";
const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("swebench-report fixtures", () => {
  it.each([["instance-reports.json"], ["run-summary.json"]])("%s", async (file) => {
    const doc = fixtureDocument(`swebench-report/${file}`);
    expect(swebenchReportParser.detect(doc)).toBeGreaterThanOrEqual(0.9);
    await expect(golden(swebenchReportParser.parse(doc))).toMatchFileSnapshot(`${GOLDEN_DIR}/${file.replace(/\.json$/, "")}.golden.json`);
  });

  it("scores by the FAIL_TO_PASS pass ratio and lists the failing tests", () => {
    const { outcomes } = swebenchReportParser.parse(fixtureDocument("swebench-report/instance-reports.json"));
    expect(outcomes.find((o) => o.key === "wordcount__wordcount-31")!.outcome).toMatchObject({
      label: "failure", source: "verifier", score: 0.5,
      details: { failingTests: { FAIL_TO_PASS: ["tests/test_cli.py::test_json_empty_file"], PASS_TO_PASS: ["tests/test_cli.py::test_unicode_words"] } },
    });
    // A patch that did not apply ran no tests: a failure, with no score.
    const unapplied = outcomes.find((o) => o.key === "timeparse-12")!.outcome;
    expect(unapplied).toMatchObject({ label: "failure", details: { patch_successfully_applied: false } });
    expect(unapplied.score).toBeUndefined();
  });

  it("labels run-summary ids by list and leaves not-evaluated instances out", () => {
    const { outcomes } = swebenchReportParser.parse(fixtureDocument("swebench-report/run-summary.json"));
    expect(outcomes.map((o) => [o.key, o.outcome.label])).toEqual([
      ["astro__astro-101", "success"], ["astro__astro-202", "failure"], ["astro__astro-303", "failure"], ["astro__astro-404", "failure"],
    ]);
  });

  it("names an unwrapped single report by its file name, or by its folder when the file is just report.json", () => {
    const report = JSON.stringify({ patch_exists: true, resolved: true, tests_status: { FAIL_TO_PASS: { success: ["t1", "t2"], failure: [] } } });
    const byStem = swebenchReportParser.parse(toSourceDocument("astro__astro-9.report.json", report));
    expect(byStem.outcomes).toMatchObject([{ key: "astro__astro-9", outcome: { label: "success", score: 1 } }]);
    const byFolder = swebenchReportParser.parse(toSourceDocument("logs/astro__astro-9/report.json", report));
    expect(byFolder.outcomes.map((o) => o.key)).toEqual(["astro__astro-9"]);
  });
});

describe("swebench-report real samples", () => {
  it("gives resolved for django__django-16255", () => {
    const doc = sampleDocument("mini_swe_agent/django__django-16255.swebench_report.json");
    expect(swebenchReportParser.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const { outcomes, issues } = swebenchReportParser.parse(doc);
    expect(issues).toEqual([]);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ key: "django__django-16255", outcome: { label: "success", source: "verifier", score: 1 } });
  });

  it.each(listSamples("mini_swe_agent").map((f) => path.basename(f)).filter((f) => f.includes("swebench_report")).map((f) => [f]))("%s names its instance", (file) => {
    const { outcomes, issues } = swebenchReportParser.parse(sampleDocument(`mini_swe_agent/${file}`));
    expect(issues.filter((i) => i.severity === "error")).toEqual([]);
    expect(outcomes.map((o) => o.key)).toContain(file.split(".")[0]);
    expect(["success", "failure"]).toContain(outcomes[0]!.outcome.label);
  });
});

describe("swebench-report negatives", () => {
  it.each([
    ["a trajectory", fixtureDocument("mini-swe-agent/wordcount__wordcount-31.traj.json")],
    ["a Harbor result", fixtureDocument("harbor-result/log-archive.result.json")],
    ["a label map", fixtureDocument("outcome-list/label-map.json")],
    ["garbage", toSourceDocument("x.json", "[1, 2]")],
    ["text", toSourceDocument("x.txt", "resolved")],
  ])("does not claim %s, and parse reports an error", (_name, doc) => {
    expect(swebenchReportParser.detect(doc)).toBe(0);
    const output = swebenchReportParser.parse(doc);
    expect(output.outcomes).toEqual([]);
    expect(output.issues.some((i) => i.severity === "error")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { appworldReportOutcome } from "../../../../lib/trajectory/outcomes/appworld-report";
import { outcomeSchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument } from "../../../support/samples";

const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("appworld-report: golden fixtures", () => {
  it.each(["82e2fac_1.report.md", "9b9d3c4_2.report.gbk.md"])("%s", async (name) => {
    const doc = fixtureDocument(`appworld/${name}`);
    expect(appworldReportOutcome.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = appworldReportOutcome.parse(doc);
    expect(output.issues).toEqual([]);
    for (const { outcome } of output.outcomes) expect(outcomeSchema.safeParse(outcome).success).toBe(true);
    await expect(golden(output)).toMatchFileSnapshot(`../../../fixtures/trajectories/appworld/${name.replace(/\.md$/, "")}.golden.json`);
  });

  it("a failed test is a verified failure with the pass ratio, the requirement, its test code and the assertion", () => {
    const { outcomes } = appworldReportOutcome.parse(fixtureDocument("appworld/82e2fac_1.report.md"));
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]!.key).toBe("82e2fac_1");
    expect(outcomes[0]!.outcome).toMatchObject({ label: "failure", score: 2 / 3, source: "verifier", details: { passed: 2, failed: 1, total: 3 } });
    expect(outcomes[0]!.outcome.details?.failures).toEqual([
      { requirement: "assert answers match.", test: expect.stringContaining("test.answer(predicted_answer, ground_truth_answer)"), trace: "AssertionError:  4 == 3" },
    ]);
  });

  it("reads the counts of a mis-decoded copy (rules as ©¤) by their labels", () => {
    const { outcomes } = appworldReportOutcome.parse(fixtureDocument("appworld/9b9d3c4_2.report.gbk.md"));
    expect(outcomes[0]).toMatchObject({ key: "9b9d3c4_2", outcome: { label: "success", score: 1, details: { passes: [{ requirement: "assert answers match." }, expect.anything()] } } });
  });

  it("keys by the file name stem, with a warning, when no task id is found", () => {
    const output = appworldReportOutcome.parse(toSourceDocument("report.md", "Num Passed Tests : 0\nNum Failed Tests : 2\nNum Total  Tests : 2\n"));
    expect(output.outcomes[0]).toMatchObject({ key: "report", outcome: { label: "failure", score: 0 } });
    expect(output.issues).toEqual([{ severity: "warning", message: expect.stringContaining("No AppWorld task id") }]);
  });
});

describe("appworld-report: other shapes", () => {
  it.each([
    ["AppWorld evaluation json", "train.json", JSON.stringify({ aggregate: { task_goal_completion: 1 }, individual: {} })],
    ["environment_io.md", "e.md", "### Environment Interaction 1\n```python\nprint(1)\n```\n"],
    ["ReAct text", "r.txt", "Question: q\nThought 1: t"],
  ])("detect() is 0 for %s", (_label, name, text) => expect(appworldReportOutcome.detect(toSourceDocument(name, text))).toBe(0));

  it("garbage yields an error issue, never a throw", () => {
    const output = appworldReportOutcome.parse(toSourceDocument("report.md", "Overall Stats\n>> nothing"));
    expect(output.outcomes).toEqual([]);
    expect(output.issues[0]?.severity).toBe("error");
  });
});

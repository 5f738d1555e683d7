import { describe, expect, it } from "vitest";
import { appworldEvaluationOutcome } from "../../../../lib/trajectory/outcomes/appworld-evaluation";
import { outcomeSchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument } from "../../../support/samples";

const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("appworld-evaluation: golden fixture", () => {
  it("train.json", async () => {
    const doc = fixtureDocument("appworld/train.json");
    expect(appworldEvaluationOutcome.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = appworldEvaluationOutcome.parse(doc);
    expect(output.issues).toEqual([]);
    for (const { outcome } of output.outcomes) expect(outcomeSchema.safeParse(outcome).success).toBe(true);
    await expect(golden(output)).toMatchFileSnapshot("../../../fixtures/trajectories/appworld/train.golden.json");
  });

  it("one verified outcome per task; older passes_fully; the no_op_fail score beside the inflated pass ratio", () => {
    const { outcomes } = appworldEvaluationOutcome.parse(fixtureDocument("appworld/train.json"));
    expect(outcomes.map((o) => [o.key, o.outcome.label, o.outcome.score, o.outcome.source])).toEqual([
      ["82e2fac_1", "failure", 2 / 3, "verifier"],
      ["82e2fac_2", "success", 1, "verifier"],
      ["27e1026_1", "failure", 0.5, "verifier"],
    ]);
    expect(outcomes[0]!.outcome.details).toMatchObject({ split: "train", difficulty: 1, numTests: 3, noOpFailScore: 0 });
    expect(outcomes[2]!.outcome.details).not.toHaveProperty("noOpFailScore");
  });

  it("a task without a success flag stays unknown, with a warning", () => {
    const doc = toSourceDocument("dev.json", JSON.stringify({ aggregate: { task_goal_completion: 0 }, individual: { "1234567_1": { num_tests: 1 } } }));
    const output = appworldEvaluationOutcome.parse(doc);
    expect(output.outcomes).toEqual([{ key: "1234567_1", outcome: { label: "unknown", source: "none", details: { split: "dev", numTests: 1, passes: [], failures: [], experiment: { task_goal_completion: 0 } } } }]);
    expect(output.issues).toEqual([expect.objectContaining({ severity: "warning" })]);
  });
});

describe("appworld-evaluation: other shapes", () => {
  it.each([
    ["ATIF", "t.json", JSON.stringify({ schema_version: "ATIF-v1.6", steps: [] })],
    ["chat array", "c.json", JSON.stringify([{ role: "user", content: "hi" }])],
    ["report.md", "report.md", "Num Passed Tests : 1\nNum Failed Tests : 0\nNum Total  Tests : 1\n"],
  ])("detect() is 0 for %s", (_label, name, text) => expect(appworldEvaluationOutcome.detect(toSourceDocument(name, text))).toBe(0));

  it("garbage yields an error issue, never a throw", () => {
    for (const text of ['{"individual": 3}', "[1,2]", "not json"]) {
      const output = appworldEvaluationOutcome.parse(toSourceDocument("x.json", text));
      expect(output.outcomes).toEqual([]);
      expect(output.issues[0]?.severity).toBe("error");
    }
  });
});

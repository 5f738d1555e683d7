import { describe, expect, it } from "vitest";
import { appworldFormat } from "../../../../lib/trajectory/formats/appworld";
import { normalizedTrajectorySchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument } from "../../../support/samples";

const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const FIXTURE = "appworld/82e2fac_1.environment_io.md";

describe("appworld environment_io.md: golden fixture", () => {
  it("82e2fac_1.environment_io.md", async () => {
    const doc = fixtureDocument(FIXTURE);
    expect(appworldFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = appworldFormat.parse(doc);
    expect(output.issues.filter((issue) => issue.severity === "error")).toEqual([]);
    for (const trajectory of output.trajectories) expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
    await expect(golden(output)).toMatchFileSnapshot("../../../fixtures/trajectories/appworld/82e2fac_1.environment_io.golden.json");
  });

  it("makes one python code step per interaction, with the REPL output, the failed call and its fix", () => {
    const [trajectory] = appworldFormat.parse(fixtureDocument(FIXTURE)).trajectories;
    expect(trajectory!.steps.map((s) => [s.kind, s.isError ?? false])).toEqual([["code", false], ["code", true], ["code", false], ["code", false]]);
    expect(trajectory!.steps[1]).toMatchObject({
      language: "python",
      errorMessage: 'Exception: Response status code is 422: {"message":"Validation error. Reason: \\naccess_token: field required"}',
      thought: "Get the Spotify password from the supervisor app and log in.",
    });
    expect(trajectory!.steps[2]!.observation).toBe("4");
    expect(trajectory!.steps[0]!.observation).toMatch(/^\[\n \{\n  "name": "login"/);
  });

  it("has no instruction in the file: id from the file name, a warning, apps from apis.<app>., the answer self-reported", () => {
    const output = appworldFormat.parse(fixtureDocument(FIXTURE));
    const [trajectory] = output.trajectories;
    expect(trajectory!.task).toEqual({ id: "82e2fac_1", description: "AppWorld task 82e2fac_1", applications: ["spotify"] });
    expect(output.issues).toEqual([{ severity: "warning", message: expect.stringContaining("data/tasks/82e2fac_1/specs.json") }]);
    expect(trajectory!.finalAnswer).toBe("4");
    expect(trajectory!.outcome).toMatchObject({ label: "success", source: "self_report", details: { status: "success", answer: "4" } });
  });

  it("reads old '### Execution N' headers, a fail status, and an answer held in a variable", () => {
    const text = [
      "### Execution 1", "```python", "total = sum(apis.venmo.show_transactions(access_token=t))", "```", "", "```", "", "```", "",
      "### Execution 2", "```python", 'apis.supervisor.complete_task(answer=total, status="fail")', "```", "", "```", "Execution successful.", "```",
    ].join("\n");
    const [trajectory] = appworldFormat.parse(toSourceDocument("environment_io.md", text)).trajectories;
    expect(trajectory!.task).toMatchObject({ id: undefined, description: "AppWorld task", applications: ["venmo"] });
    expect(trajectory!.finalAnswer).toBeUndefined();
    expect(trajectory!.outcome).toMatchObject({ label: "failure", source: "self_report", details: { answerExpression: "total", status: "fail" } });
  });
});

describe("appworld environment_io.md: other shapes", () => {
  it.each([
    ["ReAct text", "r.txt", "Question: q\nThought 1: t\nAction 1: Search[x]\nObservation 1: o"],
    ["AppWorld report.md", "report.md", "Num Passed Tests : 1\nNum Failed Tests : 0\nNum Total  Tests : 1\n"],
    ["chat array", "c.json", JSON.stringify([{ role: "user", content: "### Environment Interaction 1\n```python\nx\n```" }])],
    ["ATIF", "t.json", JSON.stringify({ schema_version: "ATIF-v1.6", steps: [] })],
  ])("detect() is 0 for %s", (_label, name, text) => expect(appworldFormat.detect(toSourceDocument(name, text))).toBe(0));

  it("garbage yields an error issue, never a throw", () => {
    const output = appworldFormat.parse(toSourceDocument("environment_io.md", "# Notes\n```python\nprint(1)\n```"));
    expect(output.trajectories).toEqual([]);
    expect(output.issues[0]?.severity).toBe("error");
  });
});

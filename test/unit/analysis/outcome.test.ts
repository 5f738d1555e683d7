// Outcome category (label first, inference otherwise, always saying which), the agent's own
// outcome signals, thought tags and self-corrections, and the counts.
import { describe, expect, it } from "vitest";
import { analyzeTrajectory } from "@/lib/analysis";
import { buildTrajectory, code, say, tool } from "./build-trajectory";

const fail = (message: string) => ({ isError: true, errorMessage: message });
const recovered = [tool("checkout", { id: 1 }, undefined, fail("payment method required")), tool("checkout", { id: 1, card: "c1" }, "ok")];

describe("outcome category", () => {
  it("uses the trajectory's label when it has one, and says where it came from", () => {
    const analysis = analyzeTrajectory(buildTrajectory(recovered, { outcome: { label: "success", source: "verifier" } }));
    expect(analysis.outcome).toEqual({
      category: "failure_then_recovery",
      basis: "label",
      confidence: "high",
      evidence: ['label "success" from verifier', "1 recovered error(s)"],
    });
  });

  it("keeps a labelled failure a failure even when an error was recovered", () => {
    const analysis = analyzeTrajectory(buildTrajectory(recovered, { outcome: { label: "failure", source: "label" } }));
    expect(analysis.outcome).toMatchObject({ category: "failure", basis: "label" });
  });

  it("infers when there is no label, and says so", () => {
    expect(analyzeTrajectory(buildTrajectory(recovered)).outcome).toMatchObject({
      category: "failure_then_recovery",
      basis: "inferred",
      evidence: ["inferred: last action succeeded after errors", "1 recovered error(s)"],
    });
    expect(analyzeTrajectory(buildTrajectory([tool("get", {}, "ok")])).outcome).toMatchObject({ category: "clean_success", basis: "inferred", confidence: "low" });
  });

  it("treats a judge score without a label as no label", () => {
    const analysis = analyzeTrajectory(buildTrajectory([tool("get", {}, "ok")], { outcome: { label: "unknown", source: "judge" } }));
    expect(analysis.outcome.basis).toBe("inferred");
    expect(analysis.outcome.evidence[0]).toContain("the judge outcome has no label");
  });

  it("infers failure from the agent saying it could not finish", () => {
    const analysis = analyzeTrajectory(buildTrajectory([tool("get", {}, "ok"), say("I couldn't find the playlist, sorry.")]));
    expect(analysis.outcome).toMatchObject({ category: "failure", confidence: "medium" });
    expect(analysis.outcomeSignals).toEqual([{ step: 1, signal: "failure", text: "I couldn't find the playlist, sorry." }]);
  });

  it("calls a success with unrecovered errors inefficient", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([tool("a_thing", {}, undefined, fail("nope")), tool("other_thing", {}, "ok")], { outcome: { label: "success", source: "label" } }),
    );
    expect(analysis.outcome.category).toBe("inefficient_success");
  });
});

describe("outcome signals", () => {
  it("reads completion calls with their status, and success statements", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        code("apis.supervisor.complete_task(status='success')", "Execution successful."),
        tool("mark_task_complete", {}, ""),
        say("Task completed: the file is created."),
      ]),
      );
    expect(analysis.outcomeSignals).toEqual([
      { step: 0, signal: "success", text: "apis.supervisor.complete_task(status='success')" },
      { step: 1, signal: "submitted", text: "mark_task_complete()" },
      { step: 2, signal: "success", text: "Task completed: the file is created." },
    ]);
  });

  it("reads a submit command and a failed status", () => {
    const submitted = analyzeTrajectory(buildTrajectory([code("submit", "diff --git a b")]));
    expect(submitted.outcomeSignals).toMatchObject([{ step: 0, signal: "submitted" }]);
    const failed = analyzeTrajectory(buildTrajectory([code("apis.supervisor.complete_task(status='fail')", "ok")]));
    expect(failed.outcomeSignals).toMatchObject([{ signal: "failure" }]);
    const said = analyzeTrajectory(buildTrajectory([say("I have submitted the patch for review.")]));
    expect(said.outcomeSignals).toEqual([{ step: 0, signal: "submitted", text: "I have submitted the patch for review." }]);
  });
});

describe("thoughts", () => {
  it("tags thoughts by keyword and finds a reflection right after an error", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("read", {}, "x", { thought: "First I will read the file, then edit it." }),
        tool("edit", { t: "a" }, undefined, { thought: "The value is wrong because the unit is ms.", ...fail("IndentationError: unexpected indent") }),
        tool("edit", { t: "  a" }, "ok", { thought: "Oh no, that didn't work: I made a mistake in the indentation. Let me try again." }),
        tool("run", {}, "ok", { thought: "Let me verify the output." }),
      ]),
    );
    expect(analysis.thoughts).toEqual([
      { step: 0, tags: ["planning"] },
      { step: 1, tags: ["analytical"] },
      { step: 2, tags: ["planning", "reflection"] },
      { step: 3, tags: ["planning", "validation"] },
    ]);
    expect(analysis.selfCorrections).toEqual([{ errorStep: 1, reflectionStep: 2 }]);
  });
});

describe("counts", () => {
  it("prefers the run's own token totals, else sums the steps", () => {
    const steps = [tool("a", {}, "ok", { tokens: { inputTokens: 10, outputTokens: 5 } }), tool("b", {}, "ok", { tokens: { inputTokens: 7, outputTokens: 3 } })];
    expect(analyzeTrajectory(buildTrajectory(steps)).counts).toMatchObject({ totalTokens: 25, tokensFrom: "steps", uniqueTools: 2, tools: ["a", "b"] });
    const withTotals = buildTrajectory(steps, { metadata: { sourceFormat: "x", usage: { inputTokens: 100, outputTokens: 20 } } });
    expect(analyzeTrajectory(withTotals).counts).toMatchObject({ totalTokens: 120, tokensFrom: "metadata" });
    expect(analyzeTrajectory(buildTrajectory([tool("a", {}, "ok")])).counts).toMatchObject({ totalTokens: null, tokensFrom: "none" });
  });

  it("counts API calls written in code as tools", () => {
    const analysis = analyzeTrajectory(buildTrajectory([code("t = apis.spotify.login(u, p)\nprint(apis.spotify.show_playlist_library(access_token=t))", "[]")]));
    expect(analysis.counts).toMatchObject({ codeSteps: 1, apiCallsInCode: 2, uniqueTools: 2, tools: ["apis.spotify.login", "apis.spotify.show_playlist_library"] });
  });
});

// The analysis on real public trajectories (read in place from ../shared/samples): the findings a
// reviewer can check by reading the files.
import { describe, expect, it } from "vitest";
import { analyzeTrajectory, trajectoryAnalysisSchema, type TrajectoryAnalysis } from "@/lib/analysis";
import { parseDocument } from "@/lib/trajectory/parse";
import { listSamples, sampleDocument } from "../../support/samples";
import path from "node:path";

function analyzeSample(relativePath: string): TrajectoryAnalysis[] {
  const parsed = parseDocument(sampleDocument(relativePath));
  expect(parsed.trajectories.length).toBeGreaterThan(0);
  return parsed.trajectories.map((trajectory) => trajectoryAnalysisSchema.parse(analyzeTrajectory(trajectory)));
}

describe("analysis of real samples", () => {
  it("AppWorld venmo: two 422 API-doc lookups, each recovered by listing the app's APIs", () => {
    const [analysis] = analyzeSample("altk-evolve/appworld_venmo_task_trajectory.openai-chat.json");
    expect(analysis!.failedActions.map((f) => [f.step, f.httpStatus])).toEqual([
      [0, 422],
      [11, 422],
    ]);
    expect(analysis!.failedActions[1]!.error).toMatch(/^422: No APIs with name request_payment found for the venmo app/);
    expect(analysis!.recoveries).toMatchObject([
      { errorStep: 0, fixSteps: [1, 2], actionKey: "apis.api_docs.show_api_doc", changes: [{ kind: "arg_changed", name: "api_name", sourceStep: 1 }] },
      { errorStep: 11, fixSteps: [12, 13], actionKey: "apis.api_docs.show_api_doc", changes: [{ kind: "arg_changed", name: "api_name", sourceStep: 12 }] },
    ]);
    expect(analysis!.outcome).toMatchObject({ category: "failure_then_recovery", basis: "inferred" });
  });

  it("Claude Code filesystem MCP: access denied outside allowed directories, recovered by finding the allowed path", () => {
    const [analysis] = analyzeSample("altk-evolve/claude_code_filesystem_mcp_trajectory.function-call-list.json");
    expect(analysis!.recoveries).toMatchObject([
      {
        errorStep: 0,
        fixSteps: [1, 2, 3],
        actionKey: "mcp__filesystem__read_text_file",
        error: expect.stringMatching(/^Access denied: .* is outside allowed directories$/),
        changes: [{ kind: "arg_changed", name: "path", sourceStep: 2 }],
      },
    ]);
  });

  it("Harbor terminus-2: a rejected (invalid JSON) response, fixed by the next action, with a self-correction", () => {
    const [analysis] = analyzeSample("atif/harbor_golden_terminus-2_hello-world-invalid-json.trajectory.json");
    expect(analysis!.recoveries).toMatchObject([{ errorStep: 0, fixSteps: [1], kind: "alternative", error: "Missing required fields: analysis, plan" }]);
    expect(analysis!.selfCorrections).toEqual([{ errorStep: 0, reflectionStep: 1 }]);
    expect(analysis!.counts.totalTokens).toBe(2617);
    expect(analysis!.outcomeSignals.some((s) => s.signal === "submitted" && s.text.startsWith("mark_task_complete"))).toBe(true);
  });

  it("SWE-agent: an IndentationError edit retried with indentation fixed; a clean run is a clean success", () => {
    const [marshmallow] = analyzeSample("swe_agent/marshmallow-code__marshmallow-1867.function_calling.traj");
    expect(marshmallow!.recoveries).toMatchObject([
      { errorStep: 6, fixSteps: [7], action: "edit", error: "IndentationError: unexpected indent", changes: [{ detail: "whitespace only" }] },
    ]);
    const [clean] = analyzeSample("swe_agent/6e44b9__sweagenttestrepo-1c2844.traj");
    expect(clean!.failedActions).toEqual([]);
    expect(clean!.outcome.category).toBe("clean_success");
  });

  it("Claude Code sessions: user rejections and interruptions are recorded but are not recoveries or dead ends", () => {
    for (const file of listSamples("claude_code")) {
      for (const analysis of analyzeSample(path.join("claude_code", path.basename(file)))) {
        expect(analysis.failedActions.every((f) => f.kind === "interrupted")).toBe(true);
        expect(analysis.recoveries).toEqual([]);
        expect(analysis.deadEnds).toEqual([]);
      }
    }
  });

  it("every sample analyzes without throwing and validates", () => {
    for (const folder of ["altk-evolve", "atif", "swe_agent", "claude_code", "mini_swe_agent", "react_text", "openhands", "codex_cli", "langfuse", "otel_genai"]) {
      for (const file of listSamples(folder).filter((f) => !/report\.json$/.test(f))) {
        expect(analyzeSample(path.join(folder, path.basename(file))).length).toBeGreaterThan(0);
      }
    }
  });
});

import path from "node:path";
import { describe, expect, it } from "vitest";
import { openhandsFormat } from "../../../../lib/trajectory/formats/openhands";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";
import { expectValidOutput, FOREIGN_DOCUMENTS, GARBAGE_DOCUMENTS, goldenText } from "./agent-run-helpers";

const GOLDEN_DIR = "../../../fixtures/trajectories/openhands";

describe("openhands golden fixtures", () => {
  it.each([
    ["app-version.v0-events.json", "V0 event stream: failing command, fix, accumulated metrics, recall noise"],
    ["fix-add.v1-events.json", "V1 SDK events: failing tests, edit, finish"],
    ["eval-output.jsonl", "eval output.jsonl: two instances with merged SWE-bench verdicts"],
  ])("%s (%s)", async (file) => {
    const doc = fixtureDocument(`openhands/${file}`);
    expect(openhandsFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = openhandsFormat.parse(doc);
    expectValidOutput(output);
    await expect(goldenText(output)).toMatchFileSnapshot(`${GOLDEN_DIR}/${file.replace(/\.jsonl?$/, "")}.golden.json`);
  });

  it("turns accumulated llm_metrics into per-step usage and keeps plumbing events out of the steps", () => {
    const [t] = openhandsFormat.parse(fixtureDocument("openhands/app-version.v0-events.json")).trajectories;
    expect(t!.steps.map((s) => s.kind)).toEqual(["code", "tool_call", "code", "tool_call"]);
    expect(t!.steps.map((s) => s.tokens?.inputTokens)).toEqual([3000, 3400, 3700, 3800]);
    expect(t!.steps[0]).toMatchObject({ isError: true, errorMessage: expect.stringMatching(/^exit code 1/) });
    expect(t!.metadata.usage).toEqual({ inputTokens: 13900, outputTokens: 300, cachedTokens: 9800, costUsd: 0.0342 });
    expect(t!.metadata.extra).toMatchObject({ agentStates: ["running", "finished"], context: [{ type: "recall" }, { type: "recall" }] });
    expect(t!.finalAnswer).toBe("`python -m app` now prints 1.4.2, read from pyproject.toml.");
  });

  it("takes a verdict only from an eval record's report", () => {
    const { trajectories } = openhandsFormat.parse(fixtureDocument("openhands/eval-output.jsonl"));
    expect(trajectories.map((t) => [t.task.id, t.outcome?.label, t.outcome?.source])).toEqual([
      ["astro__astro-101", "success", "verifier"],
      ["astro__astro-202", "failure", "verifier"],
    ]);
  });

  it("reads V1 events one per line (JSON Lines) as one conversation", () => {
    const events = fixtureDocument("openhands/fix-add.v1-events.json").json as unknown[];
    const doc = toSourceDocument("events.jsonl", events.map((e) => JSON.stringify(e)).join("\n"));
    const [t] = openhandsFormat.parse(doc).trajectories;
    expect(t!.metadata.formatVersion).toBe("v1");
    expect(t!.steps).toHaveLength(4);
  });
});

const SAMPLE_EXPECTATIONS: Record<string, { minSteps: number; taskStart: string }> = {
  "harbor_rfc_openhands_trajectory.json": { minSteps: 2, taskStart: 'Create a file called hello.txt with "Hello, world!"' },
};

describe("openhands real samples", () => {
  it.each(listSamples("openhands").map((f) => [path.basename(f)]))("%s", (file) => {
    const doc = sampleDocument(`openhands/${file}`);
    expect(openhandsFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    const output = openhandsFormat.parse(doc);
    expect(output.issues.filter((i) => i.severity === "error")).toEqual([]);
    expectValidOutput(output);
    const [t] = output.trajectories;
    const expected = SAMPLE_EXPECTATIONS[file];
    expect(t!.steps.length).toBeGreaterThanOrEqual(expected?.minSteps ?? 1);
    expect(t!.task.description.length).toBeGreaterThan(5);
    if (expected) expect(t!.task.description.startsWith(expected.taskStart)).toBe(true);
  });

  it("maps the Harbor RFC run: one bash command, finish with the final thought, usage from the last metrics", () => {
    const [t] = openhandsFormat.parse(sampleDocument("openhands/harbor_rfc_openhands_trajectory.json")).trajectories;
    expect(t!.steps[0]).toMatchObject({ kind: "code", language: "bash", code: expect.stringContaining("hello.txt"), observation: expect.stringContaining("Content: Hello, world!") });
    expect(t!.steps[0]!.isError).toBeFalsy();
    expect(t!.steps[1]).toMatchObject({ kind: "tool_call", name: "finish" });
    expect(t!.finalAnswer).toMatch(/^Created \/app\/hello.txt/);
    expect(t!.metadata).toMatchObject({ model: "gpt-5-2025-08-07", usage: { inputTokens: 11859, outputTokens: 1086, cachedTokens: 5632 } });
  });
});

describe("openhands negatives", () => {
  it.each(Object.entries(FOREIGN_DOCUMENTS))("does not claim a %s", (_name, doc) => {
    expect(openhandsFormat.detect(doc)).toBe(0);
  });

  it.each([["swe-agent/textkit__textkit-7.traj"], ["mini-swe-agent/wordcount__wordcount-31.traj.json"], ["atif/log-archive.ATIF-v1.6.trajectory.json"]])("does not claim %s", (file) => {
    expect(openhandsFormat.detect(fixtureDocument(file))).toBe(0);
  });

  it.each(Object.entries(GARBAGE_DOCUMENTS))("reports %s as an error issue without throwing", (_name, doc) => {
    expect(openhandsFormat.detect(doc)).toBe(0);
    const output = openhandsFormat.parse(doc);
    expect(output.trajectories).toEqual([]);
    expect(output.issues.some((i) => i.severity === "error")).toBe(true);
  });
});

import path from "node:path";
import { describe, expect, it } from "vitest";
import { miniSweAgentFormat } from "../../../../lib/trajectory/formats/mini-swe-agent";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";
import { expectValidOutput, FOREIGN_DOCUMENTS, GARBAGE_DOCUMENTS, goldenText } from "./agent-run-helpers";

const GOLDEN_DIR = "../../../fixtures/trajectories/mini-swe-agent";

describe("mini-swe-agent golden fixtures", () => {
  it.each([
    ["wordcount__wordcount-31.traj.json", "v1 text actions: failing command, format error, timeout, recovery"],
    ["csvkit-empty-header.toolcall.traj.json", "v1.1 tool calls: parallel calls, format error, failing tests, exit turn"],
  ])("%s (%s)", async (file) => {
    const doc = fixtureDocument(`mini-swe-agent/${file}`);
    expect(miniSweAgentFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = miniSweAgentFormat.parse(doc);
    expectValidOutput(output);
    await expect(goldenText(output)).toMatchFileSnapshot(`${GOLDEN_DIR}/${file.replace(/\.json$/, "")}.golden.json`);
  });

  it("uses the return code as the error signal and flags the harness's format-error and timeout turns", () => {
    const [t] = miniSweAgentFormat.parse(fixtureDocument("mini-swe-agent/wordcount__wordcount-31.traj.json")).trajectories;
    expect(t!.task).toEqual({ id: "wordcount__wordcount-31", description: "wordcount --json prints a trailing comma, making the output invalid JSON." });
    expect(t!.steps.map((s) => [s.kind, s.isError === true])).toEqual([
      ["code", true], ["code", false], ["message", true], ["code", false], ["code", false], ["code", true], ["code", false], ["code", false],
    ]);
    expect(t!.steps[0]).toMatchObject({ code: "python -m wordcount --json sample.txt | python -m json.tool", thought: "Reproduce the bug first.", errorMessage: expect.stringMatching(/^exit code 1/) });
    expect(t!.steps[5]!.errorMessage).toBe("command timed out");
    expect(t!.outcome).toEqual({ label: "unknown", source: "none" });
  });

  it("reads v1.1 tool results as {returncode, output} JSON", () => {
    const [t] = miniSweAgentFormat.parse(fixtureDocument("mini-swe-agent/csvkit-empty-header.toolcall.traj.json")).trajectories;
    const failing = t!.steps.find((s) => s.isError && s.kind === "tool_call");
    expect(failing).toMatchObject({ observation: expect.stringMatching(/^F\.\.\nFAILED/), errorMessage: "exit code 1: 1 failed, 2 passed" });
    expect(t!.steps.at(-1)).toMatchObject({ kind: "tool_call", observation: expect.stringMatching(/^diff --git/) });
  });

  it("claims the earliest releases' bare message array only with mini-swe-agent markers", () => {
    const messages = [
      { role: "system", content: "Reply with one ```mswea_bash_command``` block." },
      { role: "user", content: "List the files." },
      { role: "assistant", content: "THOUGHT: look.\n\n```mswea_bash_command\nls\n```" },
      { role: "user", content: "<returncode>2</returncode>\n<output>\nls: cannot access 'x'\n</output>" },
    ];
    const doc = toSourceDocument("github_issue.traj.json", JSON.stringify(messages));
    expect(miniSweAgentFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    const [t] = miniSweAgentFormat.parse(doc).trajectories;
    expect(t!.steps).toMatchObject([{ kind: "code", code: "ls", isError: true, observation: "ls: cannot access 'x'" }]);
    expect(t!.task.id).toBe("github_issue");
  });
});

const isTrajectory = (file: string) => !/swebench_report|report\.json$/.test(file);

// Checked by reading each sample; unlisted samples (kept back as unseen tests) get the generic checks.
const SAMPLE_EXPECTATIONS: Record<string, { id: string; minSteps: number; taskStart: string }> = {
  "django__django-16255.RESOLVED.traj.json": { id: "django__django-16255", minSteps: 17, taskStart: "Sitemaps without items raise ValueError on callable lastmod." },
};

describe("mini-swe-agent real samples", () => {
  it.each(listSamples("mini_swe_agent").map((f) => path.basename(f)).filter(isTrajectory).map((f) => [f]))("%s", (file) => {
    const doc = sampleDocument(`mini_swe_agent/${file}`);
    expect(miniSweAgentFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    const output = miniSweAgentFormat.parse(doc);
    expect(output.issues.filter((i) => i.severity === "error")).toEqual([]);
    expectValidOutput(output);
    const [t] = output.trajectories;
    const expected = SAMPLE_EXPECTATIONS[file];
    expect(t!.steps.length).toBeGreaterThanOrEqual(expected?.minSteps ?? 1);
    expect(t!.task.description.length).toBeGreaterThan(10);
    if (expected) {
      expect(t!.task.id).toBe(expected.id);
      expect(t!.task.description.startsWith(expected.taskStart)).toBe(true);
    }
    expect(t!.outcome?.label).toBe("unknown"); // "Submitted" holds for resolved and unresolved runs alike
  });

  it("keeps per-call usage, the run cost and the submitted patch of the resolved django run", () => {
    const [t] = miniSweAgentFormat.parse(sampleDocument("mini_swe_agent/django__django-16255.RESOLVED.traj.json")).trajectories;
    expect(t!.steps.every((s) => s.kind === "code" && s.language === "bash")).toBe(true);
    expect(t!.steps[0]).toMatchObject({ code: "ls -R django/contrib/sitemaps", tokens: { inputTokens: 1779, outputTokens: 226 } });
    expect(t!.steps.at(-1)!.observation).toMatch(/^diff --git a\/django\/contrib\/sitemaps/);
    expect(t!.metadata).toMatchObject({ agent: { name: "mini-swe-agent", version: "1.15.0" }, model: "google/gemini-3-pro-preview", usage: { costUsd: 0.08934840000000001 }, extra: { exitStatus: "Submitted", apiCalls: 17 } });
    expect(t!.finalAnswer).toMatch(/except \(TypeError, ValueError\)/);
  });
});

describe("mini-swe-agent negatives", () => {
  it.each(Object.entries(FOREIGN_DOCUMENTS))("does not claim a %s", (_name, doc) => {
    expect(miniSweAgentFormat.detect(doc)).toBe(0);
  });

  it.each([["swe-agent/textkit__textkit-7.traj"], ["atif/log-archive.ATIF-v1.6.trajectory.json"], ["openhands/app-version.v0-events.json"]])("does not claim %s", (file) => {
    expect(miniSweAgentFormat.detect(fixtureDocument(file))).toBe(0);
  });

  it.each(Object.entries(GARBAGE_DOCUMENTS))("reports %s as an error issue without throwing", (_name, doc) => {
    expect(miniSweAgentFormat.detect(doc)).toBe(0);
    const output = miniSweAgentFormat.parse(doc);
    expect(output.trajectories).toEqual([]);
    expect(output.issues.some((i) => i.severity === "error")).toBe(true);
  });
});

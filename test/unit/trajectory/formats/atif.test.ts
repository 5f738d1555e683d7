import path from "node:path";
import { describe, expect, it } from "vitest";
import { atifFormat } from "../../../../lib/trajectory/formats/atif";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";
import { expectValidOutput, FOREIGN_DOCUMENTS, GARBAGE_DOCUMENTS, goldenText } from "./agent-run-helpers";

const GOLDEN_DIR = "../../../fixtures/trajectories/atif";

describe("atif golden fixtures", () => {
  it.each([
    ["log-archive.ATIF-v1.6.trajectory.json", "conformant: parallel calls, missing tool then recovery, summarization, copied context"],
    ["regex-log.nonconformant-1.4.json", "non-conformant writer: results before their calls, object content, self-reported success"],
  ])("%s (%s)", async (file) => {
    const doc = fixtureDocument(`atif/${file}`);
    expect(atifFormat.detect(doc)).toBeGreaterThanOrEqual(0.8);
    const output = atifFormat.parse(doc);
    expectValidOutput(output);
    await expect(goldenText(output)).toMatchFileSnapshot(`${GOLDEN_DIR}/${file.replace(/\.json$/, "")}.golden.json`);
  });

  it("matches results by source_call_id, skips copied context and notes the subagent reference", () => {
    const [t] = atifFormat.parse(fixtureDocument("atif/log-archive.ATIF-v1.6.trajectory.json")).trajectories;
    expect(t!.steps.slice(0, 2)).toMatchObject([
      { kind: "tool_call", callId: "call_1a", observation: "/var/app/logs/a.log\n/var/app/logs/b.log" },
      { kind: "tool_call", callId: "call_1b", observation: "bash: tar: command not found", isError: true },
    ]);
    expect(t!.steps.some((s) => s.kind === "message" && s.role === "user")).toBe(false); // the copied summary
    expect(t!.metadata.extra).toMatchObject({ copiedContextSteps: 1, subagentRefs: [{ trajectory_path: "trajectory.summarization-1-summary.json" }] });
    expect(t!.outcome).toEqual({ label: "success", source: "self_report", details: { claim: "PASS", from: "final_metrics.extra" } });
  });

  it("attaches results written before their call and reads the exit code of object content", () => {
    const [t] = atifFormat.parse(fixtureDocument("atif/regex-log.nonconformant-1.4.json")).trajectories;
    expect(t!.steps).toMatchObject([
      { kind: "tool_call", name: "Bash", callId: "toolu_x1", isError: true, observation: expect.stringMatching(/Permission denied/) },
      { kind: "tool_call", name: "Bash", callId: "toolu_x2", observation: "wrote /tmp/regex.txt" },
      { kind: "message", role: "assistant", text: "Done: the regex is in /tmp/regex.txt." },
    ]);
    expect(t!.metadata.model).toBe("claude-opus-4-5");
    expect(t!.task.id).toBe("regex-log");
  });
});

const isTrajectory = (file: string) => /trajectory|\.atif\./i.test(file); // companions: metrics.json, verifier output

const SAMPLE_EXPECTATIONS: Record<string, { minSteps: number; taskStart: string; errorSteps?: number[]; label?: string }> = {
  "harbor_golden_terminus-2_hello-world-invalid-json.trajectory.json": { minSteps: 4, taskStart: 'Create a file called hello.txt with "Hello, world!"', errorSteps: [0] },
  "openagents_qa-runner_login-trace.ATIF-v1.7.trajectory.json": { minSteps: 6, taskStart: "Verify the login page works", label: "success" },
};

describe("atif real samples", () => {
  it.each(listSamples("atif").map((f) => path.basename(f)).filter(isTrajectory).map((f) => [f]))("%s", (file) => {
    const doc = sampleDocument(`atif/${file}`);
    expect(atifFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    const output = atifFormat.parse(doc);
    expect(output.issues.filter((i) => i.severity === "error")).toEqual([]);
    expectValidOutput(output);
    const [t] = output.trajectories;
    const expected = SAMPLE_EXPECTATIONS[file];
    expect(t!.steps.length).toBeGreaterThanOrEqual(expected?.minSteps ?? 1);
    expect(t!.task.description.length).toBeGreaterThan(5);
    if (expected) expect(t!.task.description.startsWith(expected.taskStart)).toBe(true);
    for (const index of expected?.errorSteps ?? []) expect(t!.steps[index]!.isError).toBe(true);
    if (expected?.label) expect(t!.outcome).toMatchObject({ label: expected.label, source: "self_report" });
    expect(["none", "self_report"]).toContain(t!.outcome?.source); // never more than the producer's word
  });

  it("flags Terminus's invalid-JSON turn and the recovery after it", () => {
    const [t] = atifFormat.parse(sampleDocument("atif/harbor_golden_terminus-2_hello-world-invalid-json.trajectory.json")).trajectories;
    expect(t!.steps[0]).toMatchObject({ kind: "message", role: "assistant", isError: true, errorMessage: expect.stringMatching(/Missing required fields/) });
    expect(t!.steps[1]).toMatchObject({ kind: "tool_call", name: "bash_command", arguments: { keystrokes: "printf 'Hello, world!\\n' > hello.txt\n" } });
    expect(t!.steps[1]!.isError).toBeFalsy();
    expect(t!.metadata).toMatchObject({ formatVersion: "ATIF-v1.7", model: "openai/gpt-4o", usage: { inputTokens: 2417, outputTokens: 200 } });
  });
});

describe("atif negatives", () => {
  it.each(Object.entries(FOREIGN_DOCUMENTS))("does not claim a %s", (_name, doc) => {
    expect(atifFormat.detect(doc)).toBe(0);
  });

  it.each([["swe-agent/textkit__textkit-7.traj"], ["mini-swe-agent/wordcount__wordcount-31.traj.json"], ["openhands/app-version.v0-events.json"]])("does not claim %s", (file) => {
    expect(atifFormat.detect(fixtureDocument(file))).toBe(0);
  });

  it("does not claim an object that merely has steps[]", () => {
    expect(atifFormat.detect(toSourceDocument("plan.json", JSON.stringify({ steps: ["a", "b"] })))).toBe(0);
  });

  it.each(Object.entries(GARBAGE_DOCUMENTS))("reports %s as an error issue without throwing", (_name, doc) => {
    expect(atifFormat.detect(doc)).toBe(0);
    const output = atifFormat.parse(doc);
    expect(output.trajectories).toEqual([]);
    expect(output.issues.some((i) => i.severity === "error")).toBe(true);
  });
});

import path from "node:path";
import { describe, expect, it } from "vitest";
import { sweAgentFormat } from "../../../../lib/trajectory/formats/swe-agent";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";
import { expectValidOutput, FOREIGN_DOCUMENTS, GARBAGE_DOCUMENTS, goldenText } from "./agent-run-helpers";

const GOLDEN_DIR = "../../../fixtures/trajectories/swe-agent";

describe("swe-agent golden fixtures", () => {
  it.each([
    ["textkit__textkit-7.traj", "classic trajectory[] with demos, a failing run and a rejected edit"],
    ["timeparse-12.history-only.traj", "function-calling history without trajectory[]"],
  ])("%s (%s)", async (file) => {
    const doc = fixtureDocument(`swe-agent/${file}`);
    expect(sweAgentFormat.detect(doc)).toBeGreaterThanOrEqual(0.8);
    const output = sweAgentFormat.parse(doc);
    expectValidOutput(output);
    await expect(goldenText(output)).toMatchFileSnapshot(`${GOLDEN_DIR}/${file.replace(/\.traj$/, "")}.golden.json`);
  });

  it("drops demonstrations, flags the failure and the rejected edit, and keeps exit_status out of the outcome", () => {
    const [t] = sweAgentFormat.parse(fixtureDocument("swe-agent/textkit__textkit-7.traj")).trajectories;
    expect(t!.task.description).toMatch(/^slugify\(\) crashes on None/);
    expect(t!.task.description).not.toMatch(/DEMONSTRATION|INSTRUCTIONS/);
    expect(t!.steps.map((s) => s.isError === true)).toEqual([true, false, true, false, false, false]);
    expect(t!.steps[2]!.errorMessage).toMatch(/IndentationError/);
    expect(t!.outcome).toEqual({ label: "unknown", source: "none" });
    expect(t!.metadata.extra).toMatchObject({ exitStatus: "submitted", demoMessagesDropped: 2 });
  });
});

describe("swe-agent older and EnIGMA files", () => {
  it("trims trailing newlines, takes the CTF prompt before INSTRUCTIONS, and flags harness failure messages", () => {
    const step = (action: string, observation: string) => ({ action: `${action}\n`, observation, response: `\n\`\`\`\n${action}\n\`\`\``, thought: "\n", state: "{}" });
    const traj = {
      environment: "swe_main",
      trajectory: [step("tshark networking.pcap", "\nEXECUTION TIMED OUT"), step("grep -a 'flag", "/bin/bash: line 1: unexpected EOF while looking for matching `''"), step("submit flag{x}", "Wrong flag!")],
      history: [
        { role: "system", content: "SETTING: CTF", agent: "primary" },
        { role: "user", content: 'We\'re currently solving the following CTF challenge. The CTF challenge is a miscellaneous problem named "Networking 1", worth 10 points.\n\nINSTRUCTIONS:\nNow, solve it.', agent: "primary" },
      ],
      info: { exit_status: "submitted", submission: "\nflag{x}\n", model_stats: { instance_cost: 0, tokens_sent: 0, tokens_received: 0, api_calls: 0 } },
    };
    const [t] = sweAgentFormat.parse(toSourceDocument("networking_1.traj", JSON.stringify(traj))).trajectories;
    expect(t!.task).toMatchObject({ id: "networking_1", description: expect.stringMatching(/^We're currently solving the following CTF challenge\..*worth 10 points\.$/) });
    expect(t!.steps.map((s) => [s.kind === "code" && s.code, s.thought, s.isError])).toEqual([
      ["tshark networking.pcap", undefined, true], ["grep -a 'flag", undefined, true], ["submit flag{x}", undefined, true],
    ]);
    expect(t!.finalAnswer).toBe("flag{x}\n");
    expect(t!.metadata.usage).toBeUndefined(); // all-zero stats come from a replay
  });
});

// Expectations checked by reading each sample; files not listed (kept back as unseen tests) get the generic checks.
const SAMPLE_EXPECTATIONS: Record<string, { minSteps: number; taskStart: string; errorSteps?: number[] }> = {
  "6e44b9__sweagenttestrepo-1c2844.traj": { minSteps: 5, taskStart: "SyntaxError: invalid syntax" },
  "marshmallow-code__marshmallow-1867.function_calling.traj": { minSteps: 11, taskStart: "TimeDelta serialization precision", errorSteps: [6] },
};

describe("swe-agent real samples", () => {
  it.each(listSamples("swe_agent").map((file) => [path.basename(file)]))("%s", (file) => {
    const doc = sampleDocument(`swe_agent/${file}`);
    expect(sweAgentFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    const output = sweAgentFormat.parse(doc);
    expect(output.issues.filter((i) => i.severity === "error")).toEqual([]);
    expectValidOutput(output);
    const [t] = output.trajectories;
    const expected = SAMPLE_EXPECTATIONS[file];
    expect(t!.steps.length).toBeGreaterThanOrEqual(expected?.minSteps ?? 1);
    expect(t!.task.description.length).toBeGreaterThan(10);
    if (expected) expect(t!.task.description.startsWith(expected.taskStart)).toBe(true);
    for (const index of expected?.errorSteps ?? []) expect(t!.steps[index]!.isError).toBe(true);
    expect(t!.outcome?.label).toBe("unknown"); // "submitted" is not a verdict
    expect(t!.finalAnswer).toMatch(/diff --git/);
  });

  it("maps the function-calling sample's tool calls and the per-run usage", () => {
    const [t] = sweAgentFormat.parse(sampleDocument("swe_agent/6e44b9__sweagenttestrepo-1c2844.traj")).trajectories;
    expect(t!.steps[0]).toMatchObject({ kind: "tool_call", name: "find_file", arguments: { file_name: "missing_colon.py" } });
    expect(t!.metadata).toMatchObject({ model: "gpt-4o", usage: { inputTokens: 7141, outputTokens: 243 }, extra: { exitStatus: "submitted" } });
  });
});

describe("swe-agent negatives", () => {
  it.each(Object.entries(FOREIGN_DOCUMENTS))("does not claim a %s", (_name, doc) => {
    expect(sweAgentFormat.detect(doc)).toBe(0);
  });

  it.each([["mini-swe-agent/wordcount__wordcount-31.traj.json"], ["atif/log-archive.ATIF-v1.6.trajectory.json"], ["openhands/app-version.v0-events.json"]])("does not claim %s", (file) => {
    expect(sweAgentFormat.detect(fixtureDocument(file))).toBe(0);
  });

  it.each(Object.entries(GARBAGE_DOCUMENTS))("reports %s as an error issue without throwing", (_name, doc) => {
    expect(sweAgentFormat.detect(doc)).toBe(0);
    const output = sweAgentFormat.parse(doc);
    expect(output.trajectories).toEqual([]);
    expect(output.issues.some((i) => i.severity === "error")).toBe(true);
  });
});

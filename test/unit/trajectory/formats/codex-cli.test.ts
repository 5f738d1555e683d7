import path from "node:path";
import { describe, expect, it } from "vitest";
import { codexCliFormat } from "../../../../lib/trajectory/formats/codex-cli";
import type { SourceDocument } from "../../../../lib/trajectory/formats/types";
import { normalizedTrajectorySchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";

const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const errors = (doc: SourceDocument) => codexCliFormat.parse(doc).issues.filter((issue) => issue.severity === "error");
const only = (doc: SourceDocument) => {
  const output = codexCliFormat.parse(doc);
  expect(output.trajectories).toHaveLength(1);
  return output.trajectories[0]!;
};

describe("codex-cli: golden fixtures", () => {
  it.each(["rollout-2026-04-10-divide", "rollout-legacy"])("%s", async (name) => {
    const doc = fixtureDocument(`codex-cli/${name}.jsonl`);
    expect(codexCliFormat.detect(doc)).toBeGreaterThanOrEqual(0.8);
    const output = codexCliFormat.parse(doc);
    expect(output.issues).toEqual([]);
    for (const trajectory of output.trajectories) expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
    await expect(golden(output)).toMatchFileSnapshot(`../../../fixtures/trajectories/codex-cli/${name}.golden.json`);
  });

  it("takes content from response items only, exit codes from events, and the task from the user_message event", () => {
    const trajectory = only(fixtureDocument("codex-cli/rollout-2026-04-10-divide.jsonl"));
    expect(trajectory.task.description).toBe("Make `divide` raise ValueError on division by zero and add a test.");
    // AGENTS.md / environment_context are injected context; ghost_snapshot is bookkeeping; events do not duplicate steps.
    expect(trajectory.steps.map((s) => (s.kind === "tool_call" ? s.name : `${s.kind}:${s.kind === "message" ? s.role : ""}`))).toEqual([
      "exec_command", "exec_command", "apply_patch", "message:assistant", "message:user",
    ]);
    expect(trajectory.steps[0]).toMatchObject({ isError: true, errorMessage: "exit code 1: 1 error in 0.05s", thought: expect.stringMatching(/^\*\*Checking/) });
    expect(trajectory.steps[1]).toMatchObject({ isError: false, thought: expect.stringMatching(/^The package is not importable/) });
    expect(trajectory.finalAnswer).toBe("`divide` now raises ValueError when b == 0. (Test still to add.)");
    expect(JSON.stringify(trajectory)).not.toContain("gAAAAABenc0123456789abcdef");
  });

  it("uses the LAST cumulative token_count (not a sum) and notes errors and aborts without labelling the outcome", () => {
    const trajectory = only(fixtureDocument("codex-cli/rollout-2026-04-10-divide.jsonl"));
    expect(trajectory.metadata.usage).toEqual({ inputTokens: 21400, outputTokens: 530, cachedTokens: 15000, reasoningTokens: 260 });
    expect(trajectory.metadata.extra).toMatchObject({
      errors: [{ message: expect.stringMatching(/^stream disconnected/) }],
      turnAborted: [{ reason: "interrupted" }],
      userPrompts: 2,
      injectedContextItems: 2,
    });
    expect(trajectory.outcome).toEqual({ label: "unknown", source: "none" });
  });

  it("reads the legacy layout: header line, bare items, record_type lines, exit codes inside the JSON output", () => {
    const trajectory = only(fixtureDocument("codex-cli/rollout-legacy.jsonl"));
    expect(trajectory.task.description).toBe("Why does `npm run build` fail?");
    expect(trajectory.steps.map((s) => [s.kind, s.isError ?? false])).toEqual([["tool_call", true], ["tool_call", false], ["message", false]]);
    expect(trajectory.metadata).toMatchObject({ formatVersion: "legacy", systemPrompt: "Prefer small diffs.", sourceId: "5d1f2e3a-legacy-4b5c-8d9e-0f1a2b3c4d5e" });
  });
});

describe("codex-cli: real samples", () => {
  it.each(listSamples("codex_cli").map((file) => path.basename(file)))("%s parses cleanly", (name) => {
    const doc = sampleDocument(`codex_cli/${name}`);
    expect(codexCliFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    expect(errors(doc)).toEqual([]);
    const trajectory = only(doc);
    expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
    expect(trajectory.steps.length).toBeGreaterThanOrEqual(1);
    expect(trajectory.task.description).not.toMatch(/^\(no user prompt/);
  });

  it("openagents rollout: two exec_command calls and the answer; usage is the last total, not the sum of both", () => {
    const trajectory = only(sampleDocument("codex_cli/openagents_codex-rollout.sample.jsonl"));
    expect(trajectory.task.description).toBe("List the files in the repo root and tell me what's there.");
    expect(trajectory.steps.map((s) => (s.kind === "tool_call" ? s.arguments : s.kind))).toEqual([
      { cmd: "pwd && ls", workdir: "/Users/example/work" },
      { cmd: "cat README.md", workdir: "/Users/example/work" },
      "message",
    ]);
    expect(trajectory.steps[0]!.thought).toMatch(/^I'll inspect the working directory/);
    expect(trajectory.finalAnswer).toMatch(/^The repo root has a README\.md/);
    expect(trajectory.metadata.usage).toEqual({ inputTokens: 82056, outputTokens: 340, cachedTokens: 44992, reasoningTokens: 53 });
    expect(trajectory.metadata).toMatchObject({ model: "gpt-5.5", formatVersion: "0.142.0", agent: { name: "codex-cli", version: "0.142.0" } });
  });
});

describe("codex-cli: other shapes", () => {
  const atif = JSON.stringify({ schema_version: "ATIF-v1.6", session_id: "s1", agent: { name: "a", version: "1" }, steps: [{ step_id: 1, source: "user", message: "hi" }] });
  const chat = JSON.stringify([{ role: "user", content: "hi" }, { role: "assistant", content: "hello" }]);
  const claude = [
    { type: "user", parentUuid: null, uuid: "u1", sessionId: "s", timestamp: "2026-01-01T00:00:00Z", message: { role: "user", content: "hi" } },
    { type: "assistant", parentUuid: "u1", uuid: "a1", sessionId: "s", timestamp: "2026-01-01T00:00:01Z", message: { id: "m1", role: "assistant", content: [{ type: "text", text: "hello" }] } },
  ].map((l) => JSON.stringify(l)).join("\n");

  it.each([["ATIF", "t.json", atif], ["chat array", "c.json", chat], ["Claude Code session", "s.jsonl", claude], ["plain text", "a.txt", "Question: x\nThought 1: y"]])(
    "detect() is 0 for %s",
    (_label, name, text) => expect(codexCliFormat.detect(toSourceDocument(name, text))).toBe(0),
  );

  it.each([["not JSON", "x.jsonl", "hello\nworld"], ["unrelated JSONL", "y.jsonl", '{"a":1}\n{"b":2}'], ["a string", "z.json", '"rollout"']])(
    "%s yields an error issue, never a throw",
    (_label, name, text) => {
      const output = codexCliFormat.parse(toSourceDocument(name, text));
      expect(output.trajectories).toEqual([]);
      expect(output.issues[0]?.severity).toBe("error");
    },
  );
});

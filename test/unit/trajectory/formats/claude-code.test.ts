import path from "node:path";
import { describe, expect, it } from "vitest";
import { claudeCodeFormat } from "../../../../lib/trajectory/formats/claude-code";
import type { SourceDocument } from "../../../../lib/trajectory/formats/types";
import { normalizedTrajectorySchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";

const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const errors = (doc: SourceDocument) => claudeCodeFormat.parse(doc).issues.filter((issue) => issue.severity === "error");
const only = (doc: SourceDocument) => {
  const output = claudeCodeFormat.parse(doc);
  expect(output.trajectories).toHaveLength(1);
  return output.trajectories[0]!;
};

describe("claude-code: golden fixtures", () => {
  it.each(["session-branching", "session-compacted", "agent-a5c0ffee"])("%s", async (name) => {
    const doc = fixtureDocument(`claude-code/${name}.jsonl`);
    expect(claudeCodeFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = claudeCodeFormat.parse(doc);
    expect(output.issues).toEqual([]);
    for (const trajectory of output.trajectories) expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
    await expect(golden(output)).toMatchFileSnapshot(`../../../fixtures/trajectories/claude-code/${name}.golden.json`);
  });

  it("follows the branch the user kept, with parallel tool calls from sibling lines and the error + recovery", () => {
    const trajectory = only(fixtureDocument("claude-code/session-branching.jsonl"));
    expect(trajectory.steps.map((s) => (s.kind === "tool_call" ? s.name : `${s.kind}:${s.kind === "message" ? s.role : ""}`))).toEqual([
      "Bash", "Read", "Edit", "Bash", "message:assistant", "message:user", "Edit", "message:assistant",
    ]);
    const [failedTest, , , passedTest] = trajectory.steps;
    expect(failedTest).toMatchObject({ isError: true, errorMessage: "exit code 1: Received: 0.30000000000000004" });
    expect(failedTest!.thought).toMatch(/^Floating-point sums.*\n\nI'll run the tests first/s);
    expect(passedTest).toMatchObject({ observation: expect.stringMatching(/^PASS/) });
    expect(passedTest!.isError ?? false).toBe(false);
    // The abandoned prompt ("Also add a test for an empty cart.") and its reply are not steps; commands and meta lines are not the task.
    expect(JSON.stringify(trajectory.steps)).not.toContain("Sure, adding it now.");
    expect(trajectory.finalAnswer).toBe("Added an empty-cart test; it passes with the cents-based total.");
    expect(trajectory.metadata.extra).toMatchObject({ localCommands: ["/model"], subagents: [{ agentId: "a77", inlineLines: 2 }], title: "Fix cart total rounding" });
  });

  it("counts usage once per message.id (7 responses over 12 assistant lines), abandoned branch included, sidechain excluded", () => {
    // Hand sums over msg_0001..msg_0007: input+cache writes+cache reads, output, cache reads.
    expect(only(fixtureDocument("claude-code/session-branching.jsonl")).metadata.usage).toEqual({ inputTokens: 52060, outputTokens: 375, cachedTokens: 49280 });
  });

  it("continues across a compaction boundary, reads stderr from toolUseResult, links a Task subagent", () => {
    const trajectory = only(fixtureDocument("claude-code/session-compacted.jsonl"));
    expect(trajectory.steps[0]).toMatchObject({ kind: "tool_call", name: "Grep" });
    expect(trajectory.steps[1]).toMatchObject({ kind: "message", role: "system", text: expect.stringMatching(/^This session is being continued/) });
    expect(trajectory.steps[2]).toMatchObject({ isError: true, observation: "sed: can't read src/app.ts: No such file or directory" });
    expect(trajectory.steps[4]).toMatchObject({ name: "Task", observation: "No remaining references to fetchUser." });
    // The subagent's own lines live in its agent-*.jsonl; the parent only notes the link.
    expect(trajectory.metadata.extra).toMatchObject({ compactions: 1, subagents: [{ agentId: "a9f1", toolUseId: "toolu_c4", inlineLines: 0 }] });
  });

  it("imports a subagent file alone; rejection and interruption are abort signals, not an outcome", () => {
    const trajectory = only(fixtureDocument("claude-code/agent-a5c0ffee.jsonl"));
    expect(trajectory.task.description).toBe("Find where the checkout total is computed and report the file and function.");
    expect(trajectory.steps[1]).toMatchObject({ name: "Bash", isError: true, errorMessage: "Tool use rejected by the user" });
    expect(trajectory.steps[2]).toMatchObject({ kind: "message", role: "user", isError: true });
    expect(trajectory.outcome).toEqual({ label: "unknown", source: "none" });
    expect(trajectory.metadata.extra).toMatchObject({ isSubagent: true, agentId: "a5c0ffee", userAbort: { interruptions: 1, rejectedToolUses: 1 } });
  });
});

describe("claude-code: smaller rules", () => {
  const session = (lines: object[]) => toSourceDocument("s.jsonl", lines.map((l) => JSON.stringify({ sessionId: "s", isSidechain: false, ...l })).join("\n"));

  it("takes a custom slash command's expanded (meta) prompt as the task; text beside a tool result joins its observation", () => {
    const trajectory = only(session([
      { type: "user", uuid: "c1", parentUuid: null, message: { role: "user", content: "<command-name>/fix-issue</command-name>\n<command-args>123</command-args>" } },
      { type: "user", uuid: "m1", parentUuid: "c1", isMeta: true, message: { role: "user", content: [{ type: "text", text: "Fix GitHub issue 123, then run the tests." }] } },
      { type: "assistant", uuid: "a1", parentUuid: "m1", message: { id: "r1", role: "assistant", content: [{ type: "tool_use", id: "t1", name: "ToolSearch", input: { query: "gh" } }] } },
      { type: "user", uuid: "u2", parentUuid: "a1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "tool_reference", tool_name: "gh" }] }, { type: "text", text: "Tool loaded." }] } },
    ]));
    expect(trajectory.task.description).toBe("Fix GitHub issue 123, then run the tests.");
    expect(trajectory.steps).toHaveLength(1);
    expect(trajectory.steps[0]!.observation).toMatch(/\nTool loaded\.$/);
    expect(trajectory.metadata.extra).toMatchObject({ localCommands: ["/fix-issue"] });
  });

  it("reads unlinked lines (no parentUuid) in file order", () => {
    const trajectory = only(session([
      { type: "user", uuid: "u1", message: { role: "user", content: "Open README" } },
      { type: "assistant", uuid: "a1", message: { role: "assistant", content: "Read README and extracted the title." } },
    ]));
    expect(trajectory.steps).toEqual([expect.objectContaining({ kind: "message", role: "assistant", text: "Read README and extracted the title." })]);
  });
});

describe("claude-code: real samples", () => {
  it.each(listSamples("claude_code").map((file) => path.basename(file)))("%s parses cleanly", (name) => {
    const doc = sampleDocument(`claude_code/${name}`);
    expect(claudeCodeFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    expect(errors(doc)).toEqual([]);
    const trajectory = only(doc);
    expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
    expect(trajectory.steps.length).toBeGreaterThanOrEqual(1);
    expect(trajectory.task.description).not.toMatch(/^\(no user prompt/);
    expect(trajectory.metadata).toMatchObject({ sourceFormat: "claude-code", sourceId: expect.any(String) });
  });

  it("spotter_short: two rejected calls then the interrupt; usage deduped over 5 lines of one response", () => {
    const trajectory = only(sampleDocument("claude_code/spotter_short.jsonl"));
    expect(trajectory.task.description).toBe("mix phx.server doesnt seem to start");
    expect(trajectory.steps.map((s) => [s.kind, s.isError])).toEqual([["tool_call", true], ["tool_call", true], ["message", true]]);
    // msg_01MKH1… appears on 5 lines; counted once: 3 + 13835 + 11515 in, 13 out (a naive sum gives 65 out).
    expect(trajectory.metadata.usage).toEqual({ inputTokens: 25353, outputTokens: 13, cachedTokens: 11515 });
    expect(trajectory.metadata).toMatchObject({ model: "claude-opus-4-6", formatVersion: "2.1.38", extra: { gitBranch: "master", userAbort: { interruptions: 1, rejectedToolUses: 2 } } });
    expect(trajectory.outcome?.label).toBe("unknown");
  });

  it("spotter_tool_heavy: two prompts in one session, parallel WebSearch + Glob, usage over 4 responses", () => {
    const trajectory = only(sampleDocument("claude_code/spotter_tool_heavy.jsonl"));
    expect(trajectory.task.description).toBe("start phoenix in background");
    const calls = trajectory.steps.flatMap((s) => (s.kind === "tool_call" ? [s.name] : []));
    expect(calls).toEqual(["Bash", "Bash", "WebSearch", "Glob", "Read", "WebFetch"]);
    expect(trajectory.steps.filter((s) => s.kind === "tool_call").every((s) => s.observation !== undefined)).toBe(true);
    expect(trajectory.steps).toContainEqual(expect.objectContaining({ kind: "message", role: "user", text: expect.stringMatching(/^scrolling back in xterm\.js/) }));
    expect(trajectory.metadata.usage).toEqual({ inputTokens: 105981, outputTokens: 212, cachedTokens: 88231 });
    expect(trajectory.metadata.extra).toMatchObject({ localCommands: ["/mcp"], userAbort: { interruptions: 2, rejectedToolUses: 0 } });
  });
});

describe("claude-code: other shapes", () => {
  const atif = JSON.stringify({ schema_version: "ATIF-v1.6", session_id: "s1", agent: { name: "a", version: "1" }, steps: [{ step_id: 1, source: "user", message: "hi" }] });
  const chat = JSON.stringify([{ role: "system", content: "Be brief." }, { role: "user", content: "hi" }, { role: "assistant", content: "hello" }]);
  const codex = [
    { timestamp: "2026-01-01T00:00:00Z", type: "session_meta", payload: { id: "x", cli_version: "0.150.0" } },
    { timestamp: "2026-01-01T00:00:01Z", type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] } },
  ].map((l) => JSON.stringify(l)).join("\n");

  it.each([["ATIF", "t.json", atif], ["chat array", "c.json", chat], ["Codex rollout", "r.jsonl", codex], ["plain text", "a.txt", "Thought 1: x\nAction 1: Search[y]"]])(
    "detect() is 0 for %s",
    (_label, name, text) => expect(claudeCodeFormat.detect(toSourceDocument(name, text))).toBe(0),
  );

  it.each([["not JSON", "x.jsonl", "hello\nworld"], ["other JSONL", "y.jsonl", '{"a":1}\n{"b":2}'], ["a number", "z.json", "42"]])(
    "%s yields an error issue, never a throw",
    (_label, name, text) => {
      const output = claudeCodeFormat.parse(toSourceDocument(name, text));
      expect(output.trajectories).toEqual([]);
      expect(output.issues[0]?.severity).toBe("error");
    },
  );
});

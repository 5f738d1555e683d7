import { describe, expect, it } from "vitest";
import { openaiChatFormat } from "../../../../lib/trajectory/formats/openai-chat";
import type { SourceDocument } from "../../../../lib/trajectory/formats/types";
import { normalizedTrajectorySchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, sampleDocument } from "../../../support/samples";

const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const errors = (doc: SourceDocument) => openaiChatFormat.parse(doc).issues.filter((issue) => issue.severity === "error");

describe("openai-chat: golden fixtures", () => {
  it.each([
    "parallel-tools-error-recovery.json",
    "anthropic-blocks.json",
    "appworld-code-demo.json",
    "lm-calls-growing.jsonl",
  ])("%s", async (name) => {
    const doc = fixtureDocument(`openai-chat/${name}`);
    expect(openaiChatFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    const output = openaiChatFormat.parse(doc);
    expect(output.issues).toEqual([]);
    for (const trajectory of output.trajectories) expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
    await expect(golden(output)).toMatchFileSnapshot(`../../../fixtures/trajectories/openai-chat/${name.replace(/\.jsonl?$/, "")}.golden.json`);
  });

  it("records the failed booking and its recovery, the orphan result, and the self-reported success", () => {
    const [trajectory] = openaiChatFormat.parse(fixtureDocument("openai-chat/parallel-tools-error-recovery.json")).trajectories;
    expect(trajectory!.steps.map((s) => [s.kind, s.isError ?? false])).toEqual([
      ["tool_call", false], ["tool_call", false], ["tool_call", true], ["tool_call", false], ["message", false], ["message", false],
    ]);
    expect(trajectory!.task).toEqual({ description: expect.stringMatching(/^Book the cheapest flight/), id: "flights-042" });
    expect(trajectory!.outcome).toEqual({ label: "success", source: "self_report" });
  });

  it("rebuilds a growing request log from its longest request, sums usage and drops the api_key", () => {
    const doc = fixtureDocument("openai-chat/lm-calls-growing.jsonl");
    const [trajectory] = openaiChatFormat.parse(doc).trajectories;
    expect(trajectory!.steps).toHaveLength(3);
    expect(trajectory!.metadata.usage).toMatchObject({ inputTokens: 470, outputTokens: 60, cachedTokens: 256 });
    expect(trajectory!.finalAnswer).toBe("There are no Python files: the project has no src/ directory.");
    expect(doc.text).toContain("sk-test-SECRET");
    expect(JSON.stringify(trajectory)).not.toContain("sk-test-SECRET");
  });

  it("splits a request log holding two different tasks into two trajectories", () => {
    const line = (task: string) => JSON.stringify({ request: { messages: [{ role: "user", content: task }] }, response: { choices: [{ index: 0, message: { role: "assistant", content: `did ${task}` } }] } });
    const output = openaiChatFormat.parse(toSourceDocument("log.jsonl", [line("A"), line("B")].join("\n")));
    expect(output.trajectories.map((t) => [t.task.description, t.finalAnswer])).toEqual([["A", "did A"], ["B", "did B"]]);
  });
});

describe("openai-chat: real samples", () => {
  it("AppWorld Venmo chat log: 17 code steps, the real task, both 422 failures flagged and recovered from", () => {
    const doc = sampleDocument("altk-evolve/appworld_venmo_task_trajectory.openai-chat.json");
    expect(openaiChatFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    expect(errors(doc)).toEqual([]);
    const [trajectory] = openaiChatFormat.parse(doc).trajectories;
    const steps = trajectory!.steps;
    expect(steps).toHaveLength(17);
    expect(steps.every((s) => s.kind === "code" && s.language === "python" && s.observation !== undefined)).toBe(true);
    expect(trajectory!.task.description).toMatch(/^My roommates and I went for a dinner yesterday\..*on venmo\.$/s);
    expect(steps.filter((s) => s.isError).map((s) => s.index)).toEqual([0, 11]);
    expect(steps[0]!.errorMessage).toContain("422");
    expect(steps[1]!.thought).toMatch(/list all available APIs/);
    expect(steps.at(-1)).toMatchObject({ code: expect.stringContaining("create_transaction"), observation: expect.stringContaining("Sent money") });
    expect(trajectory!.outcome).toEqual({ label: "unknown", source: "none" });
  });

  it("function_call content list: 4 calls + the answer, the access-denied error flagged, thinking merged into thoughts", () => {
    const doc = sampleDocument("altk-evolve/claude_code_filesystem_mcp_trajectory.function-call-list.json");
    expect(openaiChatFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    expect(errors(doc)).toEqual([]);
    const [trajectory] = openaiChatFormat.parse(doc).trajectories;
    expect(trajectory!.task.description).toBe("What states do I have teammates in? Read the list from the states.txt file. use the filesystem mcp tool");
    expect(trajectory!.steps.map((s) => (s.kind === "tool_call" ? s.name : s.kind))).toEqual([
      "mcp__filesystem__read_text_file", "mcp__filesystem__list_allowed_directories", "mcp__filesystem__search_files", "mcp__filesystem__read_text_file", "message",
    ]);
    expect(trajectory!.steps[0]).toMatchObject({ isError: true, errorMessage: expect.stringContaining("outside allowed directories") });
    expect(trajectory!.steps.slice(1).some((s) => s.isError)).toBe(false);
    expect(trajectory!.steps[0]!.thought).toMatch(/^The user wants me to read a file[\s\S]*I'll read the states.txt file/);
    expect(trajectory!.finalAnswer).toMatch(/Texas[\s\S]*New York[\s\S]*Massachusetts/);
  });

  it("does not claim the VCR cassettes", () => {
    expect(openaiChatFormat.detect(sampleDocument("openai_chat_completions/otel-contrib_test_chat_completion_tool_calls_with_content.yaml"))).toBe(0);
    expect(openaiChatFormat.detect(sampleDocument("openai_responses/otel-contrib_test_responses_create_captures_tool_call_content.yaml"))).toBe(0);
  });
});

describe("openai-chat: negative cases", () => {
  it.each([
    ["an ATIF trajectory", "t.json", JSON.stringify({ schema_version: "ATIF-v1.6", session_id: "s", agent: { name: "a" }, steps: [{ step_id: 1, source: "user", message: "hi" }] })],
    ["a Claude Code session line", "s.jsonl", JSON.stringify({ type: "user", uuid: "u1", parentUuid: null, sessionId: "s", message: { role: "user", content: "hi" } })],
    ["a Codex rollout line", "r.jsonl", JSON.stringify({ timestamp: "t", type: "response_item", payload: { type: "message", role: "user", content: [] } })],
    ["an OpenHands event list", "e.json", JSON.stringify([{ id: 1, source: "agent", action: "run", args: { command: "ls" } }])],
    ["plain text", "a.txt", "Thought 1: hmm"],
  ])("detect() is 0 for %s", (_label, fileName, text) => {
    expect(openaiChatFormat.detect(toSourceDocument(fileName, text))).toBe(0);
  });

  it("ranks below richer formats that also hold messages", () => {
    const miniSwe = toSourceDocument("m.json", JSON.stringify({ trajectory_format: "mini-swe-agent-1", info: {}, messages: [{ role: "user", content: "x" }] }));
    expect(openaiChatFormat.detect(miniSwe)).toBeLessThan(0.5);
  });

  it.each([["{\"foo\": 1}"], ["[1, 2, 3]"], ["not json at all"], ["[]"]])("parse(%s) reports an error instead of throwing", (text) => {
    const output = openaiChatFormat.parse(toSourceDocument("bad.json", text));
    expect(output.trajectories).toEqual([]);
    expect(output.issues[0]).toMatchObject({ severity: "error" });
  });

  it("ignores failed responses in a request log with a warning", () => {
    const ok = { request: { messages: [{ role: "user", content: "q" }] }, response: { choices: [{ index: 0, message: { role: "assistant", content: "a" } }] } };
    const failed = { request: ok.request, response: { error: { message: "rate limited" } } };
    const output = openaiChatFormat.parse(toSourceDocument("l.jsonl", [JSON.stringify(failed), JSON.stringify(ok)].join("\n")));
    expect(output.issues).toMatchObject([{ severity: "warning", line: 1 }]);
    expect(output.trajectories[0]!.finalAnswer).toBe("a");
  });
});

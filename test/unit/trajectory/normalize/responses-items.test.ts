import { describe, expect, it } from "vitest";
import { normalizeResponsesItems, responsesUsage } from "../../../../lib/trajectory/normalize/responses-items";

const userText = (text: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });

describe("normalizeResponsesItems", () => {
  it("pairs function_call and function_call_output by call_id, not id, even out of order", () => {
    const result = normalizeResponsesItems([
      userText("Weather in Oslo and Rome?"),
      { type: "function_call", id: "fc_1", call_id: "call_1", name: "weather", arguments: '{"city":"Oslo"}' },
      { type: "function_call", id: "fc_2", call_id: "call_2", name: "weather", arguments: '{"city":"Rome"' },
      { type: "function_call_output", id: "fco_x", call_id: "call_2", output: "Rome 20C" },
      { type: "function_call_output", call_id: "call_1", output: "Oslo -2C" },
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Oslo -2C, Rome 20C." }] },
    ]);
    expect(result.taskDescription).toBe("Weather in Oslo and Rome?");
    expect(result.steps).toMatchObject([
      { kind: "tool_call", callId: "call_1", arguments: { city: "Oslo" }, observation: "Oslo -2C" },
      { kind: "tool_call", callId: "call_2", arguments: '{"city":"Rome"', observation: "Rome 20C" },
      { kind: "message", role: "assistant", text: "Oslo -2C, Rome 20C." },
    ]);
    expect(result.finalAnswer).toBe("Oslo -2C, Rome 20C.");
  });

  it("uses reasoning summaries as the next action's thought and ignores encrypted content", () => {
    const encrypted = { type: "reasoning", id: "rs_0", summary: [], encrypted_content: "gAAAA-opaque" };
    const reasoning = { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "Need the file list." }], encrypted_content: "gAAAA" };
    const callItem = { type: "function_call", call_id: "c", name: "ls", arguments: "{}" };
    const { steps } = normalizeResponsesItems([userText("list"), encrypted, reasoning, callItem]);
    expect(steps).toEqual([{ index: 0, kind: "tool_call", name: "ls", arguments: {}, callId: "c", thought: "Need the file list.", raw: [encrypted, reasoning, callItem] }]);
  });

  it("keeps custom_tool_call input as the raw string and flags non-zero exit codes in Codex-style outputs", () => {
    const patch = "*** Begin Patch\n*** End Patch";
    const { steps } = normalizeResponsesItems([
      userText("fix"),
      { type: "custom_tool_call", call_id: "p", name: "apply_patch", input: patch },
      { type: "custom_tool_call_output", call_id: "p", output: "Done" },
      { type: "function_call", call_id: "s", name: "shell", arguments: '{"command":["make"]}' },
      { type: "function_call_output", call_id: "s", output: '{"output":"make: *** [all] Error 2","metadata":{"exit_code":2}}' },
    ]);
    expect(steps).toMatchObject([
      { kind: "tool_call", name: "apply_patch", arguments: patch, observation: "Done" },
      { kind: "tool_call", name: "shell", arguments: { command: ["make"] }, observation: "make: *** [all] Error 2", isError: true, errorMessage: "exit code 2: make: *** [all] Error 2" },
    ]);
  });

  it("maps built-in tool calls to tool_call steps with their fields as arguments", () => {
    const { steps } = normalizeResponsesItems([
      userText("research"),
      { type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search", query: "vitest 4" } },
      { type: "file_search_call", id: "fs_1", status: "completed", queries: ["refund policy"], results: [{ filename: "policy.md", text: "30 days" }] },
      { type: "local_shell_call", id: "ls_1", call_id: "sh_1", status: "completed", action: { type: "exec", command: ["ls"] } },
      { type: "local_shell_call_output", call_id: "sh_1", output: "README.md" },
      { type: "computer_call", id: "cu_1", call_id: "cc_1", action: { type: "click", x: 1, y: 2 }, status: "completed" },
      { type: "computer_call_output", call_id: "cc_1", output: { type: "computer_screenshot", image_url: `data:image/png;base64,${"B".repeat(800)}` } },
    ]);
    expect(steps).toMatchObject([
      { kind: "tool_call", name: "web_search", arguments: { type: "search", query: "vitest 4" }, callId: "ws_1" },
      { kind: "tool_call", name: "file_search", arguments: { queries: ["refund policy"] }, observation: expect.stringContaining("30 days") },
      { kind: "tool_call", name: "local_shell", arguments: { type: "exec", command: ["ls"] }, observation: "README.md" },
      { kind: "tool_call", name: "computer", arguments: { type: "click", x: 1, y: 2 }, observation: expect.stringContaining("[image/png, 600 B omitted]") },
    ]);
  });

  it("keeps unknown item types and orphan outputs instead of dropping them", () => {
    const { steps } = normalizeResponsesItems([userText("x"), { type: "ghost_snapshot", ghost_commit: {} }, { type: "function_call_output", call_id: "gone", output: "late" }, 7]);
    expect(steps).toMatchObject([
      { kind: "unknown", sourceType: "ghost_snapshot" },
      { kind: "message", role: "tool", text: "late" },
      { kind: "unknown", sourceType: "number" },
    ]);
  });

  it("takes developer messages as the system prompt and skips injected context when choosing the task", () => {
    const result = normalizeResponsesItems([
      { type: "message", role: "developer", content: [{ type: "input_text", text: "Be careful." }] },
      userText("<environment_context>\n<cwd>/r</cwd>\n</environment_context>"),
      userText("Run the tests."),
      { role: "assistant", content: "Done." },
    ]);
    expect(result).toMatchObject({ systemPrompt: "Be careful.", taskDescription: "Run the tests.", finalAnswer: "Done." });
    expect(result.steps[0]).toMatchObject({ kind: "message", role: "user", text: expect.stringContaining("<environment_context>") });
  });
});

describe("responsesUsage", () => {
  it("maps input/output tokens with cached and reasoning details", () => {
    expect(responsesUsage({ input_tokens: 72, output_tokens: 8, input_tokens_details: { cached_tokens: 4 }, output_tokens_details: { reasoning_tokens: 2 } }))
      .toEqual({ inputTokens: 72, outputTokens: 8, cachedTokens: 4, reasoningTokens: 2 });
    expect(responsesUsage(undefined)).toBeUndefined();
  });
});

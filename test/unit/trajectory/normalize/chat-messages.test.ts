import { describe, expect, it } from "vitest";
import { normalizeChatMessages } from "../../../../lib/trajectory/normalize/chat-messages";

const user = (content: unknown) => ({ role: "user", content });
const call = (id: string, name: string, args: string) => ({ id, type: "function", function: { name, arguments: args } });

describe("normalizeChatMessages — OpenAI Chat Completions", () => {
  it("turns parallel tool calls into consecutive steps, thought on the first, results matched by id even out of order", () => {
    const assistant = { role: "assistant", content: "Checking both.", tool_calls: [call("a", "weather", '{"city":"Oslo"}'), call("b", "weather", '{"city":"Rome"}')] };
    const result = normalizeChatMessages([
      { role: "system", content: "Be brief." },
      user("Weather in Oslo and Rome?"),
      assistant,
      { role: "tool", tool_call_id: "b", content: "Rome: 20C" },
      { role: "tool", tool_call_id: "a", content: "Oslo: -2C" },
      { role: "assistant", content: "Oslo -2C, Rome 20C." },
    ]);
    expect(result.systemPrompt).toBe("Be brief.");
    expect(result.taskDescription).toBe("Weather in Oslo and Rome?");
    expect(result.steps).toMatchObject([
      { index: 0, kind: "tool_call", name: "weather", arguments: { city: "Oslo" }, callId: "a", thought: "Checking both.", observation: "Oslo: -2C" },
      { index: 1, kind: "tool_call", callId: "b", observation: "Rome: 20C" },
      { index: 2, kind: "message", role: "assistant", text: "Oslo -2C, Rome 20C." },
    ]);
    expect(result.steps[1]!.thought).toBeUndefined();
    expect(result.steps[0]!.raw).toEqual({ call: assistant, result: { role: "tool", tool_call_id: "a", content: "Oslo: -2C" } });
    expect(result.finalAnswer).toBe("Oslo -2C, Rome 20C.");
  });

  it("keeps an orphan tool result as a tool message and invalid JSON arguments as the original string", () => {
    const { steps } = normalizeChatMessages([
      user("go"),
      { role: "assistant", content: null, tool_calls: [call("x", "write", '{"path": "a.txt", "text": "trunc')] },
      { role: "tool", tool_call_id: "nope", content: "stray output" },
    ]);
    expect(steps).toMatchObject([
      { kind: "tool_call", name: "write", arguments: '{"path": "a.txt", "text": "trunc' },
      { kind: "message", role: "tool", text: "stray output" },
    ]);
    expect(steps[0]!.observation).toBeUndefined();
  });

  it("replaces base64 images with a placeholder in the task and in later user turns", () => {
    const image = { type: "image_url", image_url: { url: `data:image/png;base64,${"A".repeat(4000)}` } };
    const result = normalizeChatMessages([user([{ type: "text", text: "What is this?" }, image]), { role: "assistant", content: "A cat." }, user([image])]);
    expect(result.taskDescription).toBe("What is this?\n[image/png, 2.9 KB omitted]");
    expect(result.steps[1]).toMatchObject({ kind: "message", role: "user", text: "[image/png, 2.9 KB omitted]" });
    expect(JSON.stringify(result.steps.map((s) => ({ ...s, raw: undefined })))).not.toContain("AAAA");
  });

  it("flags errors from tool text and links legacy role:function results by name", () => {
    const { steps } = normalizeChatMessages([
      user("run it"),
      { role: "assistant", content: null, function_call: { name: "run", arguments: '{"cmd":"ls /x"}' } },
      { role: "function", name: "run", content: "ls: /x: No such file or directory" },
    ]);
    expect(steps).toMatchObject([{ kind: "tool_call", name: "run", arguments: { cmd: "ls /x" }, isError: true, observation: "ls: /x: No such file or directory" }]);
  });

  it("reads AgentDojo-style calls and their explicit error field", () => {
    const { steps } = normalizeChatMessages([
      user("Pay the bill"),
      { role: "assistant", content: [{ type: "text", content: "Paying." }], tool_calls: [{ function: "send_money", args: { amount: 10 }, id: "t1" }] },
      { role: "tool", content: [{ type: "text", content: "" }], tool_call_id: "t1", tool_call: { function: "send_money", args: {}, id: "t1" }, error: "ValueError: insufficient funds" },
    ]);
    expect(steps).toMatchObject([
      { kind: "tool_call", name: "send_money", arguments: { amount: 10 }, thought: "Paying.", isError: true, errorMessage: "ValueError: insufficient funds" },
    ]);
  });

  it("takes reasoning_content as thought and leaves the task out of the steps", () => {
    const result = normalizeChatMessages([user("2+2?"), { role: "assistant", reasoning_content: "Simple sum.", content: "4" }]);
    expect(result.steps).toEqual([{ index: 0, kind: "message", role: "assistant", text: "4", thought: "Simple sum.", raw: expect.any(Object) }]);
  });

  it("makes the first user turn a step when taskFromFirstUser is false", () => {
    const result = normalizeChatMessages([user("hi"), { role: "assistant", content: "hello" }], { taskFromFirstUser: false });
    expect(result.taskDescription).toBeUndefined();
    expect(result.steps.map((s) => s.kind === "message" && s.role)).toEqual(["user", "assistant"]);
  });

  it("keeps unrecognizable entries as unknown steps and never throws", () => {
    const result = normalizeChatMessages([null, 42, "text", { foo: 1 }, user("task"), { role: "assistant", content: { weird: true } }]);
    expect(result.steps.filter((s) => s.kind === "unknown")).toHaveLength(4);
    expect(result.steps.at(-1)).toMatchObject({ kind: "message", role: "assistant", text: '{"weird":true}' });
  });
});

describe("normalizeChatMessages — Anthropic content blocks", () => {
  it("maps thinking/text/tool_use/tool_result with the explicit is_error flag", () => {
    const { steps, finalAnswer } = normalizeChatMessages([
      user("List files"),
      { role: "assistant", content: [{ type: "thinking", thinking: "Use ls." }, { type: "text", text: "Listing." }, { type: "tool_use", id: "t1", name: "bash", input: { command: "ls" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "Error: this text is fine", is_error: false }] },
      { role: "assistant", content: [{ type: "redacted_thinking", data: "xyz" }, { type: "tool_use", id: "t2", name: "bash", input: { command: "cat a" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t2", content: [{ type: "text", text: "denied" }], is_error: true }, { type: "text", text: "try again?" }] },
    ]);
    expect(steps).toMatchObject([
      { kind: "tool_call", name: "bash", arguments: { command: "ls" }, thought: "Use ls.\n\nListing.", observation: "Error: this text is fine" },
      { kind: "tool_call", thought: "[redacted thinking]", observation: "denied", isError: true, errorMessage: "denied" },
      { kind: "message", role: "user", text: "try again?" },
    ]);
    expect(steps[0]!.isError).toBeFalsy();
    expect(finalAnswer).toBeUndefined();
  });

  it("counts usage once per message id when one response is split over several messages", () => {
    const usage = { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100 };
    const result = normalizeChatMessages([
      user("go"),
      { id: "m1", role: "assistant", model: "claude-x", content: [{ type: "text", text: "Plan." }], usage },
      { id: "m1", role: "assistant", model: "claude-x", content: [{ type: "tool_use", id: "t", name: "ls", input: {} }], usage },
    ]);
    expect(result.usage).toEqual({ inputTokens: 110, outputTokens: 5, cachedTokens: 100 });
    expect(result.model).toBe("claude-x");
    expect(result.steps).toMatchObject([{ kind: "tool_call", thought: "Plan." }]);
  });
});

describe("normalizeChatMessages — function_call content lists ([Thinking] turns)", () => {
  it("merges thinking and remark turns into the next action's thought and keeps is_error", () => {
    const result = normalizeChatMessages([
      user("Read states.txt"),
      { role: "assistant", content: "[Thinking] I should read it." },
      { role: "assistant", content: "Reading the file." },
      { role: "assistant", content: [{ type: "function_call", id: "f1", function: { name: "read", arguments: '{"path":"states.txt"}' } }] },
      { role: "user", content: [{ type: "function_response", id: "f1", content: "Access denied", is_error: true }] },
      { role: "assistant", content: "[Thinking] Done." },
      { role: "assistant", content: "Texas and Ohio." },
    ]);
    expect(result.steps).toMatchObject([
      { kind: "tool_call", name: "read", arguments: { path: "states.txt" }, thought: "I should read it.\n\nReading the file.", isError: true },
      { kind: "message", role: "assistant", text: "Texas and Ohio.", thought: "Done." },
    ]);
    expect(result.steps[0]!.raw).toMatchObject({ call: [{ content: "[Thinking] I should read it." }, { content: "Reading the file." }, { role: "assistant" }] });
    expect(result.finalAnswer).toBe("Texas and Ohio.");
  });

  it("does not call an intermediate remark the final answer when an action follows it", () => {
    const result = normalizeChatMessages([
      user("x"),
      { role: "assistant", content: "Let me think about it." },
      user("ok"),
      { role: "assistant", content: null, tool_calls: [call("c", "f", "{}")] },
    ]);
    expect(result.steps.map((s) => s.kind)).toEqual(["message", "message", "tool_call"]);
    expect(result.finalAnswer).toBeUndefined();
  });
});

describe("normalizeChatMessages — code-acting chats (AppWorld style)", () => {
  const fence = (code: string) => "```python\n" + code + "\n```";

  it("makes fenced code a code step whose observation is the next Output: turn, flagging failures", () => {
    const result = normalizeChatMessages([
      user("My name is: Ann.\nTask: Pay Bob $5 on venmo."),
      { role: "assistant", content: `Look up the API.\n\n${fence("print(apis.venmo.pay())")}` },
      { role: "user", content: "Output:\n```\nExecution failed. Traceback:\nException: Response status code is 422:\n{}\n```\n\n" },
      { role: "assistant", content: fence("print(1)") },
      { role: "user", content: "Output:\n```\n1\n```" },
    ]);
    expect(result.taskDescription).toBe("Pay Bob $5 on venmo.");
    expect(result.extra?.taskPrompt).toContain("My name is: Ann.");
    expect(result.steps).toMatchObject([
      { kind: "code", language: "python", code: "print(apis.venmo.pay())", thought: "Look up the API.", isError: true, errorMessage: "Exception: Response status code is 422:" },
      { kind: "code", code: "print(1)", observation: "1" },
    ]);
    expect(result.steps[0]!.observation).toMatch(/^Execution failed/);
  });

  it("skips an embedded worked demo and takes the last Task: as the task", () => {
    const result = normalizeChatMessages([
      user("Intro.\nTask: How many playlists do I have?"),
      { role: "assistant", content: fence("print(3)") },
      user("Output:\n```\n3\n```"),
      user("Using these APIs, solve the actual task:\nTask: Delete my oldest note."),
      { role: "assistant", content: fence("apis.notes.delete(1)") },
      user("Output:\n```\nDeleted.\n```"),
    ]);
    expect(result.taskDescription).toBe("Delete my oldest note.");
    expect(result.extra?.skippedDemo).toEqual({ messages: 3, task: "How many playlists do I have?" });
    expect(result.steps).toMatchObject([{ kind: "code", code: "apis.notes.delete(1)", observation: "Deleted." }]);
  });

  it("leaves code fences as text in a chat that never executes code", () => {
    const answer = `Here is the fix:\n\n${fence("def add(a, b):\n    return a + b")}`;
    const result = normalizeChatMessages([user("Fix add()"), { role: "assistant", content: answer }]);
    expect(result.steps).toMatchObject([{ kind: "message", role: "assistant", text: answer }]);
    expect(result.finalAnswer).toBe(answer);
  });
});

describe("normalizeChatMessages — other part dialects", () => {
  it("reads gen_ai tool_call / tool_call_response parts and Gemini functionCall parts", () => {
    const { steps } = normalizeChatMessages([
      user("q"),
      { role: "assistant", parts: [{ type: "tool_call", id: "g1", name: "search", arguments: { q: "x" } }] },
      { role: "tool", parts: [{ type: "tool_call_response", id: "g1", response: "found" }] },
      { role: "model", parts: [{ functionCall: { name: "lookup", args: { id: 2 } } }] },
      { role: "user", parts: [{ functionResponse: { name: "lookup", response: { ok: true } } }] },
    ]);
    expect(steps).toMatchObject([
      { kind: "tool_call", name: "search", arguments: { q: "x" }, callId: "g1" },
      { kind: "tool_call", name: "lookup", arguments: { id: 2 }, observation: '{"ok":true}' },
    ]);
  });
});

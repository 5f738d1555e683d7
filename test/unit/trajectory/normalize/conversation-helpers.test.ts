import { describe, expect, it } from "vitest";
import { extractCodeAction, unwrapExecutionResult } from "../../../../lib/trajectory/normalize/code-fences";
import { scrubSecrets } from "../../../../lib/trajectory/normalize/scrub-secrets";
import { describeTask, findTaskTurn } from "../../../../lib/trajectory/normalize/task-prompt";
import { addTokenUsage, mapTokenUsage } from "../../../../lib/trajectory/normalize/token-usage";

describe("task prompts", () => {
  it("takes the text after the last Task: label and keeps the whole prompt", () => {
    expect(describeTask("Demo\nTask: old one\n...\nTask: the real one")).toEqual({ description: "the real one", prompt: "Demo\nTask: old one\n...\nTask: the real one" });
    expect(describeTask("  Just do it.  ")).toEqual({ description: "Just do it." });
  });

  it("skips injected context turns and finds the real task after a demo", () => {
    const turn = (role: string, text: string, isResult = false) => ({ role, text, isResult });
    expect(findTaskTurn([turn("user", "<environment_context>x</environment_context>"), turn("user", "Do X")])).toEqual({ index: 1 });
    expect(findTaskTurn([turn("user", "Task: demo"), turn("assistant", "a"), turn("user", "Output: 1"), turn("user", "Task: real")])).toEqual({ index: 3, demoStart: 0 });
    // A later Task: with no assistant turn in between is not a demo boundary.
    expect(findTaskTurn([turn("user", "Task: a"), turn("user", "Task: b")])).toEqual({ index: 0 });
    expect(findTaskTurn([turn("assistant", "hi")])).toBeUndefined();
  });
});

describe("code fences", () => {
  it("joins the executable fences of one message and keeps the prose as thought", () => {
    expect(extractCodeAction("First.\n```python\na = 1\n```\nThen.\n```py\nprint(a)\n```\n")).toEqual({ language: "python", code: "a = 1\n\nprint(a)", thought: "First.\n\nThen." });
    expect(extractCodeAction("```json\n{}\n```")).toBeUndefined();
  });

  it("unwraps Output: turns", () => {
    expect(unwrapExecutionResult("Output:\n```\n42\n```\n\n")).toBe("42");
    expect(unwrapExecutionResult("Output: done")).toBe("done");
  });
});

describe("token usage", () => {
  it("maps the three provider shapes and sums field-wise", () => {
    const chat = mapTokenUsage({ prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 4 } });
    const anthropic = mapTokenUsage({ input_tokens: 3, output_tokens: 1, cache_read_input_tokens: 20, cache_creation_input_tokens: 5 });
    expect(chat).toEqual({ inputTokens: 10, outputTokens: 2, cachedTokens: 4 });
    expect(anthropic).toEqual({ inputTokens: 28, outputTokens: 1, cachedTokens: 20 });
    expect(addTokenUsage(chat, anthropic)).toEqual({ inputTokens: 38, outputTokens: 3, cachedTokens: 24 });
    expect(mapTokenUsage({ total: "n/a" })).toBeUndefined();
  });
});

describe("scrubSecrets", () => {
  it("drops credential keys at any depth and leaves tool arguments alone", () => {
    const input = { api_key: "sk-1", input: { headers: { Authorization: "Bearer x", "x-api-key": "k" }, args: { access_token: "app-token" } } };
    expect(scrubSecrets(input)).toEqual({ input: { headers: {}, args: { access_token: "app-token" } } });
    expect(input.api_key).toBe("sk-1");
  });
});

import { describe, expect, it } from "vitest";
import { joinChatCompletionChunks, normalizeChatCompletionResponse } from "../../../../lib/trajectory/normalize/chat-messages";
import { parseSseEvents } from "../../../../lib/trajectory/normalize/sse-events";

const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: "chatcmpl-1", object: "chat.completion.chunk", model: "gpt-4o-mini", choices: [{ index: 0, delta, finish_reason: null }], ...extra,
});

describe("normalizeChatCompletionResponse", () => {
  it("returns choices[0].message, the model and usage with cached and reasoning tokens", () => {
    const message = { role: "assistant", content: "hi" };
    const result = normalizeChatCompletionResponse({
      object: "chat.completion", model: "o4-mini", choices: [{ index: 0, message, finish_reason: "stop" }],
      usage: { prompt_tokens: 100, completion_tokens: 40, prompt_tokens_details: { cached_tokens: 64 }, completion_tokens_details: { reasoning_tokens: 32 } },
    });
    expect(result).toEqual({ message, model: "o4-mini", usage: { inputTokens: 100, outputTokens: 40, cachedTokens: 64, reasoningTokens: 32 } });
  });

  it("treats an Anthropic Messages response as the message itself", () => {
    const response = { type: "message", role: "assistant", model: "claude-x", content: [{ type: "text", text: "ok" }], usage: { input_tokens: 5, output_tokens: 2 } };
    expect(normalizeChatCompletionResponse(response)).toEqual({ message: response, model: "claude-x", usage: { inputTokens: 5, outputTokens: 2 } });
  });

  it("returns an empty result for garbage", () => {
    expect(normalizeChatCompletionResponse("nope")).toEqual({});
    expect(normalizeChatCompletionResponse(null)).toEqual({});
  });
});

describe("joinChatCompletionChunks", () => {
  it("concatenates content and interleaved tool-call fragments by index; usage comes from the last chunk", () => {
    const joined = joinChatCompletionChunks([
      chunk({ role: "assistant", content: "" }),
      chunk({ content: "Checking " }),
      chunk({ content: "both." }),
      chunk({ tool_calls: [{ index: 0, id: "c0", type: "function", function: { name: "get_", arguments: "" } }] }),
      chunk({ tool_calls: [{ index: 1, id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { name: "weather", arguments: '{"city":"Oslo"}' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '"Rome"}' } }] }),
      { ...chunk({}), choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
      { id: "chatcmpl-1", object: "chat.completion.chunk", choices: [], usage: { prompt_tokens: 9, completion_tokens: 3 } },
    ]);
    expect(joined).toEqual({
      id: "chatcmpl-1",
      model: "gpt-4o-mini",
      object: "chat.completion",
      choices: [{
        index: 0,
        finish_reason: "tool_calls",
        message: {
          role: "assistant",
          content: "Checking both.",
          tool_calls: [
            { id: "c0", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } },
            { id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Rome"}' } },
          ],
        },
      }],
      usage: { prompt_tokens: 9, completion_tokens: 3 },
    });
    expect(normalizeChatCompletionResponse(joined).usage).toEqual({ inputTokens: 9, outputTokens: 3 });
  });

  it("joins chunks parsed from SSE text, skipping [DONE]", () => {
    const sse = [chunk({ role: "assistant", content: "Hel" }), chunk({ content: "lo" })].map((c) => `data: ${JSON.stringify(c)}\n\n`).join("") + "data: [DONE]\n\n";
    const events = parseSseEvents(sse);
    expect(events).toHaveLength(2);
    const { message } = normalizeChatCompletionResponse(events.map((e) => e.data));
    expect(message).toEqual({ role: "assistant", content: "Hello" });
  });

  it("yields a null-content message when no chunk has content", () => {
    expect(joinChatCompletionChunks([chunk({ role: "assistant" })])).toMatchObject({ choices: [{ message: { role: "assistant", content: null } }] });
  });
});

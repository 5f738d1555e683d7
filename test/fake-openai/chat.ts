// POST /v1/chat/completions: picks the scripted reply for the request's prompt id and renders it
// the way OpenAI does (choices, usage, OpenAI-style errors).
import type { ScriptBook } from "./script-book";
import { errorBody } from "./http";
import { minimalValueFor } from "./minimal-json";
import type { FakeUsage, ScriptedResponse, UnscriptedMode } from "./types";

/** Must equal CONNECTION_TEST_PROMPT_ID in lib/llm/test-connection.ts (not imported: that is server-only). */
export const CONNECTION_TEST_PROMPT_ID = "debrief.connection-test";

export interface ChatRequest {
  model?: string;
  messages?: { role?: string; content?: unknown }[];
  response_format?: { type?: string; json_schema?: { schema?: unknown } };
}

/** What the server should send: after `delayMs`, `status` + `body` + `headers`. */
export interface ChatReply {
  delayMs: number;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function planChatReply(
  request: ChatRequest,
  promptId: string | null,
  book: ScriptBook,
  options: { unscripted: UnscriptedMode; rejectJsonSchema: boolean },
): ChatReply {
  const formatType = request.response_format?.type ?? null;
  const text = messageText(request);
  if (formatType === "json_schema" && options.rejectJsonSchema) return jsonSchemaRejection();
  if (formatType === "json_object" && !/json/i.test(text)) {
    // Same rule as OpenAI: JSON mode requires the word "json" in the messages.
    return reply(400, errorBody("'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'."));
  }
  const key = promptId ?? "(no x-debrief-prompt-id header)";
  const entry = book.take(key, { usesJsonSchema: formatType === "json_schema", text });
  if (entry) return render(entry, request, text);
  if (book.isScripted(key)) {
    return reply(400, errorBody(`Fake OpenAI: no scripted response left for prompt id "${key}" (${book.consumedCount(key)} used).`));
  }
  if (promptId === CONNECTION_TEST_PROMPT_ID) return completion(request, "ok", text);
  if (options.unscripted === "error") {
    return reply(400, errorBody(`Fake OpenAI: no script for prompt id "${key}". Script it with fake.script("${key}", …).`));
  }
  return render({}, request, text);
}

function render(entry: ScriptedResponse, request: ChatRequest, text: string): ChatReply {
  const delayMs = entry.delayMs ?? 0;
  if (entry.rejectJsonSchema) return { ...jsonSchemaRejection(), delayMs };
  if (entry.status !== undefined) {
    const body = entry.body ?? errorBody(`Fake OpenAI scripted error ${entry.status}`, entry.status === 429 ? "rate_limit_error" : "server_error");
    return { delayMs, status: entry.status, body, headers: entry.headers };
  }
  const content = entry.text ?? JSON.stringify(entry.json !== undefined ? entry.json : defaultContent(request));
  return { ...completion(request, content, text, entry.usage), delayMs };
}

function defaultContent(request: ChatRequest): unknown {
  const format = request.response_format;
  if (format?.type === "json_schema") return minimalValueFor(format.json_schema?.schema);
  if (format?.type === "json_object") return { ok: true };
  return "ok";
}

function completion(request: ChatRequest, content: string, promptText: string, usage?: FakeUsage): ChatReply {
  const tokens = usage ?? { prompt_tokens: estimateTokens(promptText), completion_tokens: estimateTokens(content) };
  return reply(200, {
    id: `chatcmpl-fake-${Date.now().toString(36)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model ?? "fake-model",
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
    usage: { ...tokens, total_tokens: tokens.prompt_tokens + tokens.completion_tokens },
  });
}

function jsonSchemaRejection(): ChatReply {
  return reply(400, errorBody("response_format of type 'json_schema' is not supported by this server.", "invalid_request_error", "unsupported_response_format"));
}

function reply(status: number, body: unknown): ChatReply {
  return { delayMs: 0, status, body };
}

function messageText(request: ChatRequest): string {
  return (request.messages ?? [])
    .map((message) => (typeof message.content === "string" ? message.content : JSON.stringify(message.content ?? "")))
    .join("\n");
}

export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

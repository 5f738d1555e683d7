// Provider responses to one assistant message: a chat.completion (choices[0].message), an
// Anthropic Messages response (the response is the message), or a streamed chat.completion.chunk
// list joined back into a chat.completion (FORMATS.md §3.3: fragments keyed by tool_calls[].index).
import type { TokenUsage } from "../schema";
import { mapTokenUsage } from "./token-usage";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** The assistant message, model and usage of a chat.completion / Anthropic message / chunk list. */
export function normalizeChatCompletionResponse(response: unknown): { message?: unknown; model?: string; usage?: TokenUsage } {
  if (Array.isArray(response)) return normalizeChatCompletionResponse(joinChatCompletionChunks(response));
  if (!isObj(response)) return {};
  const model = str(response.model);
  const usage = mapTokenUsage(response.usage);
  if (Array.isArray(response.choices)) {
    const choices = response.choices.filter(isObj);
    const first = choices.find((choice) => choice.index === 0) ?? choices[0];
    return { message: first?.message ?? first?.delta, model, usage };
  }
  if (typeof response.role === "string") return { message: response, model, usage };
  return { model, usage };
}

interface ToolCallAcc {
  id?: string;
  type?: string;
  name: string;
  arguments: string;
}

interface ChoiceAcc {
  role?: string;
  content: string;
  reasoning: string;
  refusal: string;
  toolCalls: Map<number, ToolCallAcc>;
  finishReason?: unknown;
}

function addDelta(choice: ChoiceAcc, delta: Obj): void {
  if (typeof delta.role === "string") choice.role = delta.role;
  if (typeof delta.content === "string") choice.content += delta.content;
  if (typeof delta.reasoning_content === "string") choice.reasoning += delta.reasoning_content;
  if (typeof delta.refusal === "string") choice.refusal += delta.refusal;
  if (!Array.isArray(delta.tool_calls)) return;
  for (const fragment of delta.tool_calls.filter(isObj)) {
    const index = typeof fragment.index === "number" ? fragment.index : choice.toolCalls.size;
    const call = choice.toolCalls.get(index) ?? { name: "", arguments: "" };
    const fn = isObj(fragment.function) ? fragment.function : {};
    call.id ??= str(fragment.id);
    call.type ??= str(fragment.type);
    if (typeof fn.name === "string") call.name += fn.name;
    if (typeof fn.arguments === "string") call.arguments += fn.arguments;
    choice.toolCalls.set(index, call);
  }
}

function toMessage(choice: ChoiceAcc): Obj {
  const message: Obj = { role: choice.role ?? "assistant", content: choice.content === "" ? null : choice.content };
  if (choice.reasoning) message.reasoning_content = choice.reasoning;
  if (choice.refusal) message.refusal = choice.refusal;
  if (choice.toolCalls.size > 0) {
    message.tool_calls = [...choice.toolCalls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({ id: call.id, type: call.type ?? "function", function: { name: call.name, arguments: call.arguments } }));
  }
  return message;
}

/** Joins chat.completion.chunk objects (in stream order) into one chat.completion. */
export function joinChatCompletionChunks(chunks: unknown[]): unknown {
  const choices = new Map<number, ChoiceAcc>();
  const head: Obj = {};
  let usage: unknown;
  for (const chunk of chunks.filter(isObj)) {
    for (const key of ["id", "model", "created", "system_fingerprint"]) head[key] ??= chunk[key] ?? undefined;
    if (isObj(chunk.usage)) usage = chunk.usage; // only the last chunk carries it (stream_options.include_usage)
    for (const entry of Array.isArray(chunk.choices) ? chunk.choices.filter(isObj) : []) {
      const index = typeof entry.index === "number" ? entry.index : 0;
      const choice: ChoiceAcc = choices.get(index) ?? { content: "", reasoning: "", refusal: "", toolCalls: new Map() };
      if (isObj(entry.delta)) addDelta(choice, entry.delta);
      if (entry.finish_reason !== null && entry.finish_reason !== undefined) choice.finishReason = entry.finish_reason;
      choices.set(index, choice);
    }
  }
  return {
    ...Object.fromEntries(Object.entries(head).filter(([, v]) => v !== undefined)),
    object: "chat.completion",
    choices: [...choices.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, choice]) => ({ index, message: toMessage(choice), finish_reason: choice.finishReason ?? null })),
    ...(usage ? { usage } : {}),
  };
}

// Reads one chat message of any common dialect into an ordered list of events (text, thought,
// call, result): OpenAI Chat Completions (incl. legacy function_call / role "function"),
// Anthropic content blocks, AgentDojo / LangChain tool_calls, gen_ai "parts", Gemini parts, and
// function_call / function_response content lists. Order is kept so text after a call stays after it.
import type { TokenUsage } from "../schema";
import { contentToText } from "./content";
import type { ResultInput } from "./conversation-accumulator";
import { parseArguments } from "./json-args";
import { mapTokenUsage } from "./token-usage";

export type ChatRole = "system" | "user" | "assistant" | "tool";

export type ChatEvent =
  | { type: "note"; text: string; isThought: boolean }
  | { type: "call"; name: string; arguments: unknown; callId?: string; raw: unknown }
  | { type: "result"; result: ResultInput };

export interface ReadChatMessage {
  /** Normalized role; undefined when the value is not a recognizable message. */
  role?: ChatRole;
  sourceRole?: string;
  events: ChatEvent[];
  id?: string;
  model?: string;
  usage?: TokenUsage;
}

type Obj = Record<string, unknown>;

const ROLE_ALIASES: Record<string, ChatRole> = {
  system: "system", developer: "system",
  user: "user", human: "user",
  assistant: "assistant", ai: "assistant", model: "assistant", bot: "assistant",
  tool: "tool", function: "tool", ipython: "tool",
};
const CALL_PARTS = new Set(["tool_use", "server_tool_use", "mcp_tool_use", "function_call", "tool_call"]);
const RESULT_PARTS = new Set(["tool_result", "function_response", "tool_call_response", "mcp_tool_result", "function_call_output"]);
const THINKING_PREFIX = /^\s*\[Thinking\]\s*/;

const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/** A text that may hide reasoning: "[Thinking] …" turns and leading <think>…</think> blocks. */
function textEvents(text: string): ChatEvent[] {
  if (THINKING_PREFIX.test(text)) return [{ type: "note", text: text.replace(THINKING_PREFIX, ""), isThought: true }];
  const think = /^\s*<think>([\s\S]*?)<\/think>\s*/.exec(text);
  if (!think) return [{ type: "note", text, isThought: false }];
  return [
    { type: "note", text: think[1] ?? "", isThought: true },
    { type: "note", text: text.slice(think[0].length), isThought: false },
  ];
}

/** A call from a tool_calls entry or content part in any of the dialects. */
export function readCall(entry: Obj): ChatEvent {
  const fn = entry.function ?? entry.functionCall;
  const fnObj = isObj(fn) ? fn : undefined;
  const name = str(fnObj?.name) ?? str(fn) ?? str(entry.name) ?? "unknown";
  const args = fnObj ? (fnObj.arguments ?? fnObj.args) : (entry.input ?? entry.arguments ?? entry.args);
  const callId = str(entry.id) ?? str(entry.call_id) ?? str(entry.tool_call_id) ?? str(fnObj?.id);
  return { type: "call", name, arguments: parseArguments(args), callId, raw: entry };
}

function readResult(part: Obj): ChatEvent {
  const response = part.functionResponse;
  const body = isObj(response) ? response : part;
  const content = body.content ?? body.response ?? body.output ?? body.result;
  const isError = typeof part.is_error === "boolean" ? part.is_error : undefined;
  const callId = str(part.tool_use_id) ?? str(part.tool_call_id) ?? str(part.call_id) ?? str(body.id);
  return { type: "result", result: { callId, name: str(body.name), text: contentToText(content), isError, raw: part } };
}

function partEvents(part: unknown): ChatEvent[] {
  if (typeof part === "string") return textEvents(part);
  if (!isObj(part)) return [];
  const type = str(part.type) ?? "";
  if (CALL_PARTS.has(type) || isObj(part.functionCall)) return [readCall(part)];
  if (RESULT_PARTS.has(type) || type.endsWith("_tool_result") || isObj(part.functionResponse)) return [readResult(part)];
  if (type === "thinking" || type === "reasoning") return [{ type: "note", text: contentToText(part.thinking ?? part.content ?? part.text), isThought: true }];
  if (type === "redacted_thinking") return [{ type: "note", text: "[redacted thinking]", isThought: true }];
  const text = contentToText(part);
  return text === "" ? [] : textEvents(text);
}

function contentEvents(content: unknown): ChatEvent[] {
  if (Array.isArray(content)) return content.flatMap(partEvents);
  return content === undefined || content === null ? [] : partEvents(content);
}

/** A role "tool" / "function" message: its result, with the explicit error signals some dialects carry. */
function toolMessageEvents(message: Obj): ChatEvent[] {
  const toolCall = isObj(message.tool_call) ? message.tool_call : undefined; // AgentDojo echoes the call
  const error = str(message.error); // AgentDojo: error text, null on success
  const statusError = message.status === "error" ? true : undefined; // LangChain ToolMessage
  const isError = error ? true : typeof message.is_error === "boolean" ? message.is_error : statusError;
  const text = contentToText(message.content) || (error ?? "");
  const callId = str(message.tool_call_id) ?? str(toolCall?.id);
  const name = str(message.name) ?? str(toolCall?.function);
  return [{ type: "result", result: { callId, name, text, isError, errorMessage: error, raw: message } }];
}

/** Reads any chat message value. Never throws. */
export function readChatMessage(value: unknown): ReadChatMessage {
  if (!isObj(value)) return { events: [] };
  const sourceRole = str(value.role) ?? str(value.type);
  const role = sourceRole ? ROLE_ALIASES[sourceRole.toLowerCase()] : undefined;
  const meta = { role, sourceRole, id: str(value.id), model: str(value.model), usage: mapTokenUsage(value.usage) };
  if (!role) return { ...meta, events: [] };
  if (role === "tool") {
    const parts = contentEvents(value.content ?? value.parts);
    return { ...meta, events: parts.some((event) => event.type === "result") ? parts : toolMessageEvents(value) };
  }
  const events: ChatEvent[] = [];
  const reasoning = str(value.reasoning_content) ?? str(value.reasoning);
  if (reasoning) events.push({ type: "note", text: reasoning, isThought: true });
  events.push(...contentEvents(value.content ?? value.parts));
  if (str(value.refusal)) events.push({ type: "note", text: value.refusal as string, isThought: false });
  if (Array.isArray(value.tool_calls)) events.push(...value.tool_calls.filter(isObj).map(readCall));
  if (isObj(value.function_call)) events.push(readCall({ function: value.function_call }));
  return { ...meta, events };
}

/** The plain (non-thought) text of a message, for task detection and "Output:" turns. */
export function plainText(message: ReadChatMessage): string {
  return message.events
    .filter((event): event is Extract<ChatEvent, { type: "note" }> => event.type === "note" && !event.isThought)
    .map((event) => event.text)
    .join("\n");
}

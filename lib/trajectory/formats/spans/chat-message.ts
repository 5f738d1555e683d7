// One message in any of the dialects tracing SDKs record (OpenAI chat, Anthropic blocks, OTel
// gen_ai parts, LangChain dicts and lc-serialized objects, Vercel AI SDK parts) rewritten as an
// OpenAI chat message, so a single conversation normalizer (normalize/chat-messages.ts) reads them all.
import { safeStringify } from "../../normalize/content";
import { decodeDeep, isRecord, normalizeCallId, str, type Dict } from "./values";

export type ChatRole = "system" | "user" | "assistant" | "tool";

export interface ChatToolCall {
  id?: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface ChatMessage {
  role: ChatRole;
  content: string | unknown[] | null;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
  name?: string;
  reasoning_content?: string;
  /** Not OpenAI: carried over from Anthropic `is_error` / LangChain `status: "error"` / MCP `isError`. */
  is_error?: boolean;
}

const ROLES: Record<string, ChatRole> = {
  system: "system", developer: "system", user: "user", human: "user", assistant: "assistant", ai: "assistant",
  model: "assistant", bot: "assistant", tool: "tool", function: "tool", ipython: "tool",
  systemmessage: "system", humanmessage: "user", aimessage: "assistant", aimessagechunk: "assistant",
  toolmessage: "tool", functionmessage: "tool",
};

export function roleOf(value: unknown): ChatRole | undefined {
  const text = str(value)?.toLowerCase();
  return text ? ROLES[text] : undefined;
}

/** LangChain `dumpd()` output: {lc: 1, type: "constructor", id: [..., "AIMessage"], kwargs}. */
export function unwrapLangChain(value: Dict): Dict {
  if (value.lc !== undefined && value.type === "constructor" && isRecord(value.kwargs)) {
    const cls = Array.isArray(value.id) ? str(value.id.at(-1)) : undefined;
    return { ...value.kwargs, role: value.kwargs.role ?? roleOf(cls) ?? cls };
  }
  // messages_to_dict(): {type: "ai", data: {content, ...}}
  if (typeof value.type === "string" && isRecord(value.data) && roleOf(value.type)) return { ...value.data, role: value.type };
  return value;
}

function argumentsString(value: unknown): string {
  if (value === undefined || value === null) return "{}";
  return typeof value === "string" ? value : safeStringify(value);
}

/** A tool call in any dialect as an OpenAI tool call, or undefined when the value is not one. */
export function toToolCall(value: unknown): ChatToolCall | undefined {
  if (!isRecord(value)) return undefined;
  const fn = value.function;
  let name: string | undefined;
  let args: unknown;
  if (isRecord(fn)) {
    name = str(fn.name);
    args = fn.arguments ?? value.args;
  } else if (typeof fn === "string") {
    name = fn; // AgentDojo: {function: "name", args}
    args = value.args;
  } else {
    name = str(value.name ?? value.toolName ?? value["tool.name"]);
    args = value.arguments ?? value.args ?? value.input ?? value["tool.args"];
  }
  if (!name) return undefined;
  const id = normalizeCallId(value.id ?? value.toolCallId ?? value.tool_call_id ?? value.call_id);
  return { ...(id ? { id } : {}), type: "function", function: { name, arguments: argumentsString(args) } };
}

const TOOL_CALL_PARTS = new Set(["tool_call", "tool_use", "tool-call", "function_call", "server_tool_use"]);
const TOOL_RESULT_PARTS = new Set(["tool_call_response", "tool_result", "tool-result", "function_response"]);
const REASONING_PARTS = new Set(["thinking", "reasoning", "redacted_thinking"]);

interface SplitContent {
  parts: unknown[];
  reasoning: string[];
  toolCalls: ChatToolCall[];
  toolResults: ChatMessage[];
}

/** Separates content parts into visible parts, reasoning, tool calls and tool results. */
function splitParts(list: unknown[]): SplitContent {
  const split: SplitContent = { parts: [], reasoning: [], toolCalls: [], toolResults: [] };
  for (const part of list) {
    const type = isRecord(part) ? str(part.type) : undefined;
    if (!isRecord(part) || !type) {
      split.parts.push(part);
    } else if (TOOL_CALL_PARTS.has(type)) {
      const call = toToolCall(part);
      if (call) split.toolCalls.push(call);
    } else if (TOOL_RESULT_PARTS.has(type)) {
      split.toolResults.push({
        role: "tool",
        tool_call_id: normalizeCallId(part.id ?? part.tool_use_id ?? part.toolCallId ?? part.call_id),
        name: str(part.name ?? part.toolName),
        content: toolResultContent(part.response ?? part.result ?? part.content ?? part.output),
        ...(part.is_error === true || part.isError === true ? { is_error: true } : {}),
      });
    } else if (REASONING_PARTS.has(type)) {
      const text = str(part.thinking ?? part.text ?? part.content);
      if (text) split.reasoning.push(text);
    } else if (type === "text" && typeof part.text !== "string" && typeof part.content === "string") {
      split.parts.push({ type: "text", text: part.content }); // gen_ai parts keep text in `content`
    } else {
      split.parts.push(part);
    }
  }
  return split;
}

function toolResultContent(value: unknown): string | unknown[] {
  const decoded = decodeDeep(value);
  if (typeof decoded === "string") return decoded;
  if (Array.isArray(decoded)) return decoded;
  if (isRecord(decoded) && Array.isArray(decoded.content)) return decoded.content; // MCP CallToolResult
  return decoded === undefined || decoded === null ? "" : safeStringify(decoded);
}

/** Joins all-text part lists into one string (what most consumers expect); keeps mixed lists as parts. */
function compactContent(parts: unknown[]): string | unknown[] | null {
  if (parts.length === 0) return null;
  const texts = parts.map((part) => (typeof part === "string" ? part : isRecord(part) && part.type === "text" && typeof part.text === "string" ? part.text : undefined));
  return texts.every((text) => text !== undefined) ? texts.join("\n") : parts;
}

function isToolDefinition(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const fn = isRecord(value.function) ? value.function : value;
  return typeof fn.name === "string" && (isRecord(fn.parameters) || isRecord(fn.input_schema) || isRecord(fn.inputSchema));
}

/** One source message → chat messages (tool results embedded in a message become their own tool messages). */
export function convertMessage(input: Dict, defaultRole?: ChatRole): ChatMessage[] {
  const message = unwrapLangChain(input);
  const role = roleOf(message.role) ?? roleOf(message.type) ?? defaultRole;
  if (!role) return [];
  const rawContent = message.parts ?? message.content ?? message.text;
  const split: SplitContent = Array.isArray(rawContent)
    ? splitParts(rawContent)
    : { parts: rawContent === undefined || rawContent === null || rawContent === "" ? [] : [typeof rawContent === "string" ? rawContent : safeStringify(rawContent)], reasoning: [], toolCalls: [], toolResults: [] };
  const extraCalls = [message.tool_calls, isRecord(message.additional_kwargs) ? message.additional_kwargs.tool_calls : undefined]
    .find((calls) => Array.isArray(calls) && calls.length > 0) as unknown[] | undefined;
  const toolCalls = [...split.toolCalls, ...(extraCalls ?? []).map(toToolCall).filter((call): call is ChatToolCall => call !== undefined)];
  const legacyCall = isRecord(message.function_call) ? toToolCall({ function: message.function_call }) : undefined;
  if (legacyCall) toolCalls.push(legacyCall);
  const reasoning = [str(message.reasoning_content), ...split.reasoning].filter(Boolean).join("\n");

  const out: ChatMessage[] = [];
  const content = compactContent(split.parts);
  // Langfuse's LangChain handler lists the tool definitions as role "tool" messages; they are no results.
  if (role === "tool" && message.tool_call_id === undefined && isToolDefinition(rawContent)) return [];
  if (role === "tool") {
    out.push({
      role,
      content: content ?? "",
      tool_call_id: normalizeCallId(message.tool_call_id ?? message.toolCallId),
      ...(str(message.name) ? { name: str(message.name) } : {}),
      ...(message.status === "error" || message.is_error === true ? { is_error: true } : {}),
    });
  } else if (content !== null || toolCalls.length > 0 || reasoning) {
    out.push({
      role,
      content,
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      ...(reasoning ? { reasoning_content: reasoning } : {}),
      ...(role !== "assistant" && str(message.name) ? { name: str(message.name) } : {}),
    });
  }
  return [...out, ...split.toolResults];
}

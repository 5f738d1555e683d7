// Readable text for a run's input (the task), its output (the final answer) and a tool's result,
// whatever shape the tracer stored them in: plain or JSON-encoded strings, message lists,
// {messages}/{input}/{prompt} wrappers, provider responses, LangChain ToolMessages, MCP results.
import { contentToText, safeStringify } from "../../normalize/content";
import { unwrapLangChain } from "./chat-message";
import { readConversation } from "./conversation";
import { normalizeConversation } from "./llm-exchange";
import { decodeJsonString } from "../../normalize/json-args";
import { decodeDeep, isRecord, normalizeCallId } from "./values";

const TASK_KEYS = ["messages", "input", "inputs", "prompt", "question", "query", "task", "instruction", "user_input", "message", "text", "content"];
const ANSWER_KEYS = ["output", "outputs", "answer", "final_output", "final_result", "result", "response"];

/** The task a run was given, or undefined when its input is not text-like (e.g. a function's {args, kwargs}). */
export function taskTextFrom(value: unknown): string | undefined {
  const decoded = decodeDeep(value);
  if (typeof decoded === "string") return decoded.trim() || undefined;
  if (!Array.isArray(decoded) && !isRecord(decoded)) return undefined;
  const conversation = readConversation(decoded, "user");
  if (conversation) {
    const task = normalizeConversation(conversation, true).taskDescription;
    if (task) return task;
  }
  if (!isRecord(decoded)) return undefined;
  // {input: "…", chat_history: []} names its task; {text: "cheese", target: "French"} is a
  // function's arguments, not a task (the LLM prompt built from them is the better task).
  const strings = Object.values(decoded).filter((item) => typeof item === "string" && item.trim() !== "");
  for (const key of TASK_KEYS) {
    const item = decoded[key];
    if (item === undefined || item === null || (typeof item === "string" && strings.length > 1)) continue;
    const text = taskTextFrom(item);
    if (text) return text;
  }
  return undefined;
}

/**
 * The final answer in a run's output. A conversation yields its last assistant message; a
 * tool-call-only output has no answer (undefined); other structured output is kept as compact JSON.
 */
export function answerTextFrom(value: unknown): string | undefined {
  const decoded = decodeDeep(value);
  if (typeof decoded === "string") return decoded.trim() || undefined;
  if (typeof decoded === "number" || typeof decoded === "boolean") return String(decoded);
  if (!Array.isArray(decoded) && !isRecord(decoded)) return undefined;
  const conversation = readConversation(decoded, "assistant");
  if (conversation) return normalizeConversation(conversation, false).finalAnswer;
  if (isRecord(decoded)) {
    for (const key of ANSWER_KEYS) {
      if (decoded[key] === undefined || decoded[key] === null) continue;
      const text = answerTextFrom(decoded[key]);
      if (text) return text;
    }
    if (Object.keys(decoded).length === 0) return undefined;
  } else if (decoded.length === 0) {
    return undefined;
  }
  return safeStringify(decoded);
}

export interface ToolResult {
  text?: string;
  isError?: boolean;
  callId?: string;
}

/**
 * A tool result's text. Strings stay as written (one JSON-string layer is peeled: `"\"…\""`);
 * ToolMessages and MCP results give their content, error status and call id; other values are JSON.
 */
export function readToolResult(value: unknown): ToolResult {
  if (value === undefined || value === null) return {};
  if (typeof value === "number" || typeof value === "boolean") return { text: String(value) };
  let text = typeof value === "string" ? value : undefined;
  // Peel JSON-string layers ("\"{...}\"" → "{...}") but keep the innermost text as written.
  for (let i = 0; text !== undefined && i < 3; i++) {
    const inner = decodeJsonString(text, 1);
    if (typeof inner !== "string" || inner === text) break;
    text = inner;
  }
  const structured = text === undefined ? value : decodeJsonString(text, 1);
  if (isRecord(structured)) {
    const message = unwrapLangChain(structured);
    const isToolMessage = message.tool_call_id !== undefined || message.role === "tool" || message.type === "tool";
    const isMcpResult = Array.isArray(message.content) && Object.keys(message).every((key) => MCP_KEYS.has(key));
    if (isToolMessage || isMcpResult) {
      const isError = message.status === "error" || message.isError === true || message.is_error === true ? true : undefined;
      return { text: contentToText(message.content), isError, callId: normalizeCallId(message.tool_call_id) };
    }
    const keys = Object.keys(message);
    if (keys.length === 1 && (keys[0] === "output" || keys[0] === "result")) return readToolResult(message[keys[0]]);
  }
  return { text: text ?? safeStringify(value) };
}

const MCP_KEYS = new Set(["content", "isError", "structuredContent", "_meta"]);

// OpenAI-style chat logs (FORMATS.md §3.1): a bare message array (any dialect the chat normalizer
// reads, incl. AppWorld code-fence chats and function_call content lists), `{messages:[…]}` with
// optional model / tools / id / metadata, or request/response logs (JSON array or JSONL, one
// call per record, e.g. AppWorld lm_calls.jsonl) that are rebuilt from the longest request.
import { normalizeChatMessages } from "../normalize/chat-messages";
import type { NormalizedTrajectoryInput } from "../schema";
import {
  applyReplyUsage, findChatRequest, findChatResponse, rebuildChatConversations, requestMessages, type ChatConversation, type ChatExchange,
} from "./chat-exchanges";
import { conversationTrajectory, outcomeFromRecord, type TrajectoryContext } from "./conversation-trajectory";
import { guardedFormat } from "./guarded-format";
import type { FormatParser, ParseIssue, ParseOutput, SourceDocument } from "./types";

export const OPENAI_CHAT_FORMAT_ID = "openai-chat";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

const ROLES = new Set(["system", "developer", "user", "assistant", "tool", "function"]);
/** Keys of richer formats that also hold `messages` (mini-swe-agent, SWE-agent, ATIF): let their parsers win. */
const OTHER_FORMAT_KEYS = ["trajectory_format", "schema_version", "trajectory", "history", "info"];

/** A chat message by its `role` (not `type`: Claude Code lines have type "user" and a nested message). */
function isChatMessage(value: unknown): boolean {
  return isObj(value) && typeof value.role === "string" && ROLES.has(value.role) && !("uuid" in value);
}

function isMessageList(values: unknown[]): boolean {
  return values.length > 0 && values.filter(isChatMessage).length >= Math.max(1, values.length * 0.8);
}

type Shape =
  | { kind: "messages"; messages: unknown[]; record?: Obj; score: number }
  | { kind: "exchanges"; exchanges: ChatExchange[]; record?: Obj; score: number };

function exchangesOf(records: { value: unknown; line?: number; path?: string }[]): ChatExchange[] {
  return records
    .map(({ value, line, path }) => ({ request: findChatRequest(value), response: findChatResponse(value), line, path }))
    .filter((exchange) => exchange.request !== undefined || exchange.response !== undefined);
}

function listShape(records: { value: unknown; line?: number; path?: string }[], messageScore: number): Shape | undefined {
  const values = records.map((record) => record.value);
  if (isMessageList(values)) {
    const openAiMarkers = values.some((m) => isObj(m) && (Array.isArray(m.tool_calls) || typeof m.tool_call_id === "string"));
    return { kind: "messages", messages: values, score: messageScore + (openAiMarkers ? 0.05 : 0) };
  }
  const exchanges = exchangesOf(records);
  if (exchanges.length === 0 || exchanges.length < records.length / 2) return undefined;
  return { kind: "exchanges", exchanges, score: exchanges.some((e) => e.request && e.response) ? 0.8 : 0.6 };
}

function shapeOf(doc: SourceDocument): Shape | undefined {
  if (doc.jsonl) return listShape(doc.jsonl.map(({ value, line }) => ({ value, line })), 0.5);
  if (Array.isArray(doc.json)) return listShape(doc.json.map((value, i) => ({ value, path: `$[${i}]` })), 0.55);
  const record = doc.json;
  if (!isObj(record)) return undefined;
  const request = findChatRequest(record);
  const response = findChatResponse(record);
  if (request === record && !response) {
    if (!isMessageList(record.messages as unknown[])) return undefined;
    const score = OTHER_FORMAT_KEYS.some((key) => key in record) ? 0.35 : 0.55;
    return { kind: "messages", messages: requestMessages(record), record, score };
  }
  if (!request && !response) return undefined;
  return { kind: "exchanges", exchanges: [{ request, response, path: "$" }], record, score: request && response ? 0.7 : 0.4 };
}

/** What a `{messages}` record says about itself: ids, model, tools, metadata, a stated outcome. */
function recordContext(record: Obj | undefined) {
  if (!record) return {};
  const metadata = isObj(record.metadata) ? record.metadata : undefined;
  const tools = Array.isArray(record.tools) ? record.tools.map((t) => (isObj(t) && isObj(t.function) ? t.function.name : isObj(t) ? t.name : undefined)).filter(Boolean) : [];
  return {
    taskId: str(record.task_id) ?? str(metadata?.task_id),
    sourceId: str(record.id) ?? str(record.session_id) ?? str(record.trace_id) ?? str(record.conversation_id),
    model: str(record.model),
    outcome: outcomeFromRecord(record),
    extra: { ...(metadata ? { metadata } : {}), ...(tools.length > 0 ? { tools } : {}) },
  };
}

function parseShape(shape: Shape): ParseOutput {
  const issues: ParseIssue[] = [];
  const trajectories: NormalizedTrajectoryInput[] = [];
  const add = (messages: unknown[], context: TrajectoryContext, where: Pick<ParseIssue, "line" | "path">, replies?: ChatConversation["replies"]) => {
    const conversation = normalizeChatMessages(messages);
    if (replies) applyReplyUsage(conversation.steps, replies);
    const result = conversationTrajectory(conversation, context, where);
    const unknown = result.trajectory.steps.filter((step) => step.kind === "unknown").length;
    if (unknown > 0) issues.push({ severity: "warning", message: `${unknown} message(s) had no recognizable role and were kept as unknown steps.`, ...where });
    trajectories.push(result.trajectory);
    issues.push(...result.issues);
  };
  if (shape.kind === "messages") {
    add(shape.messages, { sourceFormat: OPENAI_CHAT_FORMAT_ID, ...recordContext(shape.record) }, { path: "$" });
    return { trajectories, issues };
  }
  // A failed call keeps its request (it may be the only record of the task) but not its error response.
  const usable = shape.exchanges.map((exchange) => {
    const error = isObj(exchange.response) ? exchange.response.error : undefined;
    if (!error) return exchange;
    issues.push({ severity: "warning", message: `Logged call failed; its response was ignored: ${JSON.stringify(error).slice(0, 200)}`, line: exchange.line, path: exchange.path });
    return { ...exchange, response: undefined };
  });
  for (const conversation of rebuildChatConversations(usable)) {
    const context = shape.record ? recordContext(shape.record) : {};
    add(conversation.messages, {
      ...context,
      sourceFormat: OPENAI_CHAT_FORMAT_ID,
      model: conversation.model ?? context.model,
      usage: conversation.usage,
      extra: { ...context.extra, calls: conversation.calls, ...(conversation.toolNames ? { tools: conversation.toolNames } : {}) },
    }, { line: conversation.first.line, path: conversation.first.path }, conversation.replies);
  }
  return { trajectories, issues };
}

export const openaiChatFormat: FormatParser = guardedFormat({
  reading: "the chat log",
  id: OPENAI_CHAT_FORMAT_ID,
  label: "OpenAI-style chat messages / request logs",
  detect(doc) {
    return shapeOf(doc)?.score ?? 0;
  },
  parse(doc) {
    const shape = shapeOf(doc);
    if (shape) return parseShape(shape);
    return { trajectories: [], issues: [{ severity: "error", message: "Not an OpenAI-style chat log: expected a message array, {messages:[…]}, or request/response records." }] };
  },
});

// Rebuilds conversations from logged chat requests and responses (lm_calls-style JSONL, VCR
// cassettes). Each request repeats the whole growing history (FORMATS.md §2.3, §11.2), so a
// conversation is its longest request plus that request's response; usage is summed over every
// response because every call was billed. Requests group by their task, so one file can hold several runs.
import { readChatMessage, plainText } from "../normalize/chat-message-parts";
import { normalizeChatCompletionResponse } from "../normalize/chat-completion";
import { isSseText, parseSseEvents } from "../normalize/sse-events";
import { describeTask, findTaskTurn } from "../normalize/task-prompt";
import { addTokenUsage } from "../normalize/token-usage";
import type { StepInput, TokenUsage } from "../schema";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

export interface ChatExchange {
  /** A request body holding `messages` (OpenAI; Anthropic with a separate `system`). */
  request?: Obj;
  /** chat.completion, Anthropic message, or a chunk list. */
  response?: unknown;
  line?: number;
  path?: string;
  /** Which API the call went to, when the source says (e.g. "chat.completions", "anthropic.messages"). */
  api?: string;
}

export interface ChatConversation {
  messages: unknown[];
  model?: string;
  usage?: TokenUsage;
  /** How many logged calls the conversation was rebuilt from. */
  calls: number;
  toolNames?: string[];
  first: ChatExchange;
  /** Per-call usage keyed by the assistant message that call produced (an object of `messages`). */
  replies: Map<unknown, { tokens?: TokenUsage; model?: string }>;
}

const REQUEST_KEYS = ["request", "input", "body", "kwargs", "params"] as const;
const RESPONSE_KEYS = ["response", "output", "completion", "result"] as const;

/** The request body (with `messages`) of a log record: nested under a common key or the record itself. */
export function findChatRequest(record: unknown): Obj | undefined {
  if (!isObj(record)) return undefined;
  for (const key of REQUEST_KEYS) {
    const candidate = record[key];
    if (isObj(candidate) && Array.isArray(candidate.messages)) return candidate;
  }
  return Array.isArray(record.messages) ? record : undefined;
}

/** The logged response of a record: a chat.completion / Anthropic message / chunk list, possibly wrapped in `body`. */
export function findChatResponse(record: unknown): unknown {
  if (!isObj(record)) return undefined;
  for (const key of RESPONSE_KEYS) {
    const candidate = typeof record[key] === "string" && isSseText(record[key]) ? sseChunks(record[key]) : record[key];
    if (Array.isArray(candidate) && candidate.some((c) => isObj(c) && Array.isArray(c.choices))) return candidate;
    if (!isObj(candidate)) continue;
    if (Array.isArray(candidate.choices) || candidate.role === "assistant" || candidate.error) return candidate; // errors: the caller skips them
    if (isObj(candidate.body) && Array.isArray(candidate.body.choices)) return candidate.body;
  }
  return Array.isArray(record.choices) ? record : undefined;
}

/** The chunk objects of a streamed response body. */
export function sseChunks(text: string): unknown[] {
  return parseSseEvents(text).map((event) => event.data).filter(isObj);
}

/** The request's messages, with Anthropic's top-level `system` put back in front. */
export function requestMessages(request: Obj): unknown[] {
  const messages = Array.isArray(request.messages) ? request.messages : [];
  const system = request.system;
  const hasSystem = typeof system === "string" ? system !== "" : Array.isArray(system) && system.length > 0;
  return hasSystem ? [{ role: "system", content: system }, ...messages] : messages;
}

function conversationKey(messages: unknown[]): string {
  const turns = messages.map(readChatMessage).map((m) => ({
    role: m.role ?? "",
    text: plainText(m),
    isResult: m.events.some((event) => event.type === "result"),
  }));
  const task = findTaskTurn(turns);
  return task ? describeTask(turns[task.index]!.text).description : "";
}

function toolNames(request: Obj): string[] | undefined {
  if (!Array.isArray(request.tools)) return undefined;
  const names = request.tools
    .map((tool) => (isObj(tool) ? ((isObj(tool.function) ? tool.function.name : undefined) ?? tool.name) : undefined))
    .filter((name): name is string => typeof name === "string");
  return names.length > 0 ? names : undefined;
}

function rebuild(group: ChatExchange[]): ChatConversation {
  let best = group[0]!;
  let usage: TokenUsage | undefined;
  let model: string | undefined;
  let tools: string[] | undefined;
  for (const exchange of group) {
    // Longest request wins; on a tie, the later one that got a response (a retry after a failure).
    const size = exchange.request ? requestMessages(exchange.request).length : -1;
    const bestSize = best.request ? requestMessages(best.request).length : -1;
    if (size > bestSize || (size === bestSize && (exchange.response !== undefined || best.response === undefined))) best = exchange;
    const response = normalizeChatCompletionResponse(exchange.response);
    usage = addTokenUsage(usage, response.usage);
    model = response.model ?? model;
    tools = (exchange.request && toolNames(exchange.request)) ?? tools;
  }
  const reply = normalizeChatCompletionResponse(best.response).message;
  const messages = [...(best.request ? requestMessages(best.request) : []), ...(reply ? [reply] : [])];
  const requestModel = typeof best.request?.model === "string" ? best.request.model : undefined;
  return { messages, model: model ?? requestModel, usage, calls: group.length, toolNames: tools, first: group[0]!, replies: replyUsage(group, messages) };
}

/** In a growing log, call k's reply is the message right after call k's request in the final history. */
function replyUsage(group: ChatExchange[], messages: unknown[]): ChatConversation["replies"] {
  const replies: ChatConversation["replies"] = new Map();
  for (const exchange of group) {
    if (!exchange.request) continue;
    const reply = messages[requestMessages(exchange.request).length];
    const response = normalizeChatCompletionResponse(exchange.response);
    if (isObj(reply) && reply.role === "assistant" && (response.usage || response.model)) replies.set(reply, { tokens: response.usage, model: response.model });
  }
  return replies;
}

function rawIncludes(raw: unknown, target: unknown): boolean {
  if (raw === target) return true;
  if (Array.isArray(raw)) return raw.includes(target);
  return isObj(raw) && "call" in raw && "result" in raw && rawIncludes(raw.call, target);
}

/** Puts each call's tokens and model on the first step built from its reply. */
export function applyReplyUsage(steps: StepInput[], replies: ChatConversation["replies"]): void {
  for (const [reply, { tokens, model }] of replies) {
    const step = steps.find((candidate) => rawIncludes(candidate.raw, reply));
    if (!step) continue;
    if (tokens) step.tokens = tokens;
    if (model) step.model = model;
  }
}

/** Groups exchanges by task (response-only records join the previous group) and rebuilds each. */
export function rebuildChatConversations(exchanges: ChatExchange[]): ChatConversation[] {
  const groups = new Map<string, ChatExchange[]>();
  let lastKey: string | undefined;
  for (const exchange of exchanges) {
    const key = exchange.request ? conversationKey(requestMessages(exchange.request)) : (lastKey ?? "");
    groups.set(key, [...(groups.get(key) ?? []), exchange]);
    lastKey = key;
  }
  return [...groups.values()].map(rebuild);
}

// What one LLM call contributes to a trajectory: its request (for the first call, the history
// that led to it; for later calls, only what is new since the last assistant turn — tool results
// and new user turns) and its response as steps. Per-call logs repeat the whole history
// (FORMATS.md §11.2), so reading every request in full would duplicate every earlier step.
import { readChatMessage, plainText } from "../../normalize/chat-message-parts";
import { normalizeChatMessages, type ConversationSteps } from "../../normalize/chat-messages";
import { contentToText, safeStringify } from "../../normalize/content";
import type { ResultInput } from "../../normalize/conversation-accumulator";
import { normalizeResponsesItems } from "../../normalize/responses-items";
import type { ChatMessage } from "./chat-message";
import { readConversation, type Conversation } from "./conversation";
import type { ToolCallRef } from "./span-node";
import { isRecord, normalizeCallId, str } from "./values";

export function normalizeConversation(conversation: Conversation, taskFromFirstUser: boolean): ConversationSteps {
  return conversation.kind === "chat"
    ? normalizeChatMessages(conversation.messages, { taskFromFirstUser })
    : normalizeResponsesItems(conversation.items, { taskFromFirstUser });
}

/** The request as a conversation, with a separately recorded system prompt put in front. */
export function requestConversation(input: unknown, systemPrompt?: string): Conversation | undefined {
  const conversation = readConversation(input, "user");
  if (!systemPrompt) return conversation;
  const system: ChatMessage = { role: "system", content: systemPrompt };
  if (!conversation) return { kind: "chat", messages: [system] };
  if (conversation.kind === "responses") return { kind: "responses", items: [{ type: "message", role: "system", content: systemPrompt }, ...conversation.items] };
  return conversation.messages[0]?.role === "system" ? conversation : { kind: "chat", messages: [system, ...conversation.messages] };
}

/**
 * The response as steps. `sideCalls` are tool calls recorded beside the output (Langfuse
 * `toolCalls`); they are used only when the output itself shows none.
 */
export function responseSteps(output: unknown, sideCalls: ToolCallRef[] = []): ConversationSteps | undefined {
  // An output that is no recognizable message (structured JSON the model wrote) is still its text.
  const conversation = readConversation(output, "assistant") ?? asAssistantText(output);
  const read = conversation ? normalizeConversation(conversation, false) : undefined;
  if (sideCalls.length === 0 || read?.steps.some((step) => step.kind === "tool_call")) return read;
  const text = read?.finalAnswer;
  const message: ChatMessage = {
    role: "assistant",
    content: text ?? null,
    tool_calls: sideCalls.map((call) => ({
      ...(call.id ? { id: call.id } : {}),
      type: "function",
      function: { name: call.name, arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}) },
    })),
  };
  return normalizeChatMessages([message], { taskFromFirstUser: false });
}

function asAssistantText(output: unknown): Conversation | undefined {
  if (output === undefined || output === null) return undefined;
  const text = typeof output === "string" ? output : safeStringify(output);
  return text.trim() && text !== "{}" && text !== "[]" ? { kind: "chat", messages: [{ role: "assistant", content: text }] } : undefined;
}

export interface RequestTail {
  results: ResultInput[];
  userTexts: string[];
}

/** What a request adds after the last assistant turn: tool results and user turns. */
export function requestTail(conversation: Conversation | undefined): RequestTail {
  const tail: RequestTail = { results: [], userTexts: [] };
  if (!conversation) return tail;
  if (conversation.kind === "chat") {
    const lastAssistant = conversation.messages.findLastIndex((message) => message.role === "assistant");
    for (const message of conversation.messages.slice(lastAssistant + 1)) {
      const read = readChatMessage(message);
      for (const event of read.events) if (event.type === "result") tail.results.push(event.result);
      const text = read.role === "user" ? plainText(read).trim() : "";
      if (text) tail.userTexts.push(text);
    }
    return tail;
  }
  const isAssistantItem = (item: Record<string, unknown>) =>
    item.role === "assistant" || (typeof item.type === "string" && /_call$|^reasoning$/.test(item.type));
  const lastAssistant = conversation.items.findLastIndex(isAssistantItem);
  for (const item of conversation.items.slice(lastAssistant + 1)) {
    if (typeof item.type === "string" && item.type.endsWith("_call_output")) {
      tail.results.push({ callId: normalizeCallId(item.call_id), text: contentToText(item.output), raw: item });
    } else if (item.role === "user") {
      const text = contentToText(item.content).trim();
      if (text) tail.userTexts.push(text);
    }
  }
  return tail;
}

/** Langfuse `toolCalls` (JSON strings {id, arguments}) zipped with `toolCallNames`. */
export function sideToolCalls(calls: unknown, names: unknown): ToolCallRef[] {
  if (!Array.isArray(calls)) return [];
  const nameList = Array.isArray(names) ? names : [];
  return calls.flatMap((entry, i) => {
    const call = typeof entry === "string" ? safeParse(entry) : entry;
    if (!isRecord(call)) return [];
    const name = str(call.name) ?? str(nameList[i]);
    return name ? [{ id: normalizeCallId(call.id), name, arguments: call.arguments ?? call.input }] : [];
  });
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Recognizes what an LLM span / generation / llm run recorded as its input or output — a message
// list, a single message, a provider response, a tool-call list, a bare string — and returns it as
// OpenAI chat messages, or as Responses API items (which have their own normalizer).
import { convertMessage, roleOf, toToolCall, unwrapLangChain, type ChatMessage, type ChatRole, type ChatToolCall } from "./chat-message";
import { decodeDeep, isRecord, str, type Dict } from "./values";

export type Conversation = { kind: "chat"; messages: ChatMessage[] } | { kind: "responses"; items: Dict[] };

const RESPONSES_TYPES = new Set([
  "function_call", "function_call_output", "reasoning", "custom_tool_call", "custom_tool_call_output",
  "web_search_call", "file_search_call", "computer_call", "computer_call_output", "local_shell_call",
  "local_shell_call_output", "mcp_call", "code_interpreter_call", "image_generation_call",
]);

function isResponsesItem(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const type = str(value.type);
  if (!type) return false;
  if (RESPONSES_TYPES.has(type)) return true;
  // {type: "message", role, content: [{type: "input_text" | "output_text"}]}
  return type === "message" && Array.isArray(value.content) && value.content.some((part) => isRecord(part) && /^(input|output)_/.test(str(part.type) ?? ""));
}

function chat(messages: ChatMessage[]): Conversation | undefined {
  return messages.length > 0 ? { kind: "chat", messages } : undefined;
}

/** True when an object is a message (has a role, gen_ai parts, or is a LangChain message). */
function isMessageLike(value: Dict): boolean {
  const message = unwrapLangChain(value);
  return roleOf(message.role) !== undefined || (roleOf(message.type) !== undefined && ("content" in message || "tool_calls" in message)) || Array.isArray(message.parts);
}

/**
 * The conversation in `value`, read with `defaultRole` for role-less text ("user" for inputs,
 * "assistant" for outputs). Undefined when the value is not recognizably a conversation.
 */
export function readConversation(value: unknown, defaultRole: ChatRole): Conversation | undefined {
  const decoded = decodeDeep(value);
  if (decoded === undefined || decoded === null) return undefined;
  if (typeof decoded === "string") return decoded.trim() ? chat([{ role: defaultRole, content: decoded }]) : undefined;
  if (typeof decoded === "number" || typeof decoded === "boolean") return chat([{ role: defaultRole, content: String(decoded) }]);
  if (Array.isArray(decoded)) return fromArray(decoded, defaultRole);
  if (isRecord(decoded)) return fromObject(decoded, defaultRole);
  return undefined;
}

function fromArray(input: unknown[], defaultRole: ChatRole): Conversation | undefined {
  // LangChain batches: [[message, message]] — one conversation per prompt; the first is the run's.
  const list = input.length > 0 && input.every(Array.isArray) ? (input[0] as unknown[]) : input;
  if (list.length === 0) return undefined;
  if (list.some(isResponsesItem)) return { kind: "responses", items: list.filter(isRecord) };
  if (list.every((item) => typeof item === "string")) return chat(list.map((text) => ({ role: defaultRole, content: text as string })));
  const records = list.map((item) => (typeof item === "string" ? decodeDeep(item) : item)).filter(isRecord);
  if (records.length > 0 && records.every((item) => !isMessageLike(item))) {
    // A bare tool-call list: Vercel [{toolCallId, toolName, input}], any-agent [{"tool.name", "tool.args"}].
    const calls = records.map(toToolCall).filter((call): call is ChatToolCall => call !== undefined);
    if (calls.length === records.length) return chat([{ role: "assistant", content: null, tool_calls: calls }]);
    // Anthropic content blocks on their own (a response's `content`).
    if (records.every((item) => typeof item.type === "string")) return chat(convertMessage({ role: defaultRole, content: records }));
    return undefined;
  }
  return chat(records.flatMap((item) => convertMessage(item)));
}

function fromObject(value: Dict, defaultRole: ChatRole): Conversation | undefined {
  // Provider responses.
  if (Array.isArray(value.choices)) {
    const choice = value.choices[0];
    if (!isRecord(choice)) return undefined;
    return isRecord(choice.message) ? readConversation(choice.message, "assistant") : readConversation(choice.text, "assistant");
  }
  if (Array.isArray(value.output) && value.output.some(isResponsesItem)) return { kind: "responses", items: value.output.filter(isRecord) };
  if (Array.isArray(value.generations)) {
    const first = Array.isArray(value.generations[0]) ? value.generations[0][0] : value.generations[0];
    if (!isRecord(first)) return undefined;
    return first.message !== undefined ? readConversation(first.message, "assistant") : readConversation(first.text, "assistant");
  }
  if (Array.isArray(value.candidates)) {
    const candidate = value.candidates[0]; // Gemini generateContent response
    return isRecord(candidate) ? readConversation(candidate.content, "assistant") : undefined;
  }
  if (isRecord(value.message) && !("role" in value)) return readConversation(value.message, defaultRole); // ChatGeneration, choice
  if (Array.isArray(value.messages)) return readConversation(value.messages, defaultRole);
  if (Array.isArray(value.contents) && !("role" in value)) return readConversation(value.contents, defaultRole); // Gemini request
  if (isMessageLike(value)) return chat(convertMessage(value));
  // Request-shaped objects: Vercel {system, prompt}, completion {prompt}.
  if (value.prompt !== undefined || (value.system !== undefined && value.messages === undefined)) {
    const messages: ChatMessage[] = [];
    const system = str(value.system);
    if (system) messages.push({ role: "system", content: system });
    const prompt = readConversation(value.prompt, "user");
    if (prompt?.kind === "chat") messages.push(...prompt.messages);
    return chat(messages);
  }
  if (defaultRole !== "assistant") return undefined;
  // Output-only shapes: {text, finish_reason}, {text, toolCalls}, {content: [...]}, {tool_calls}, {output}.
  const calls = [value.toolCalls, value.tool_calls].find(Array.isArray)?.map(toToolCall).filter((call): call is ChatToolCall => call !== undefined) ?? [];
  const text = value.text ?? value.content ?? value.completion;
  if (text !== undefined || calls.length > 0) {
    return chat(convertMessage({ role: "assistant", content: text ?? null, ...(calls.length > 0 ? { tool_calls: calls.map((call) => ({ id: call.id, function: call.function })) } : {}) }));
  }
  if (value.output !== undefined) return readConversation(value.output, "assistant");
  return undefined;
}

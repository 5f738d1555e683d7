// OpenAI Responses API items (also Codex CLI response_item payloads, Agents SDK logs) to steps.
// Calls and outputs pair by `call_id` (the item `id` is a different, per-item id); reasoning
// summaries become the thought of the next action; unknown item types are kept as unknown steps.
import type { TokenUsage } from "../schema";
import { readChatMessage, plainText } from "./chat-message-parts";
import type { ConversationOptions, ConversationSteps } from "./chat-messages";
import { contentToText } from "./content";
import { setObservation } from "./builder";
import { ConversationAccumulator } from "./conversation-accumulator";
import { errorFromExitCode } from "./errors";
import { parseArguments } from "./json-args";
import { describeTask, findTaskTurn } from "./task-prompt";
import { mapTokenUsage } from "./token-usage";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** Responses usage {input_tokens, output_tokens, input_tokens_details.cached_tokens, output_tokens_details.reasoning_tokens}. */
export function responsesUsage(usage: unknown): TokenUsage | undefined {
  return mapTokenUsage(usage);
}

/** Fields that identify an item rather than describe the call; the rest are the call's arguments. */
const ENVELOPE = new Set(["type", "id", "call_id", "status", "output", "results"]);

function callArguments(item: Obj): unknown {
  if (item.action !== undefined) return item.action;
  return Object.fromEntries(Object.entries(item).filter(([key]) => !ENVELOPE.has(key)));
}

/** A function_call_output's text and error: Codex wraps it as JSON {output, metadata:{exit_code}}. */
function readOutput(item: Obj): { text: string; isError?: boolean; errorMessage?: string } {
  const decoded = typeof item.output === "string" ? parseArguments(item.output) : item.output;
  if (isObj(decoded) && typeof decoded.output === "string" && isObj(decoded.metadata) && "exit_code" in decoded.metadata) {
    const { isError, errorMessage } = errorFromExitCode(decoded.metadata.exit_code, decoded.output);
    return { text: decoded.output, isError, errorMessage };
  }
  const failed = item.status === "failed" || item.status === "incomplete" || item.success === false ? true : undefined;
  return { text: contentToText(item.output), isError: failed };
}

function itemText(item: Obj): string {
  return plainText(readChatMessage({ role: str(item.role) ?? "user", content: item.content }));
}

function addItem(acc: ConversationAccumulator, item: Obj, systemParts: string[]): void {
  const type = str(item.type) ?? (typeof item.role === "string" ? "message" : "");
  const callId = str(item.call_id) ?? str(item.id);
  if (type === "message") {
    const role = readChatMessage({ role: item.role }).role;
    if (role === "assistant") acc.note(itemText(item), false, item);
    else if (role === "system" && acc.steps.length === 0) systemParts.push(itemText(item));
    else if (role === "user" || role === "system") acc.message(role, itemText(item), item);
    else acc.unknown(`message:${String(item.role)}`, item);
  } else if (type === "reasoning") {
    const summary = contentToText(item.summary) || contentToText(item.content); // encrypted_content is unreadable
    acc.note(summary, true, item);
  } else if (type === "function_call" || type === "custom_tool_call") {
    const args = type === "function_call" ? parseArguments(item.arguments) : item.input;
    acc.action({ kind: "tool_call", name: str(item.name) ?? "unknown", arguments: args, callId }, item);
  } else if (type === "code_interpreter_call") {
    const step = acc.action({ kind: "code", language: "python", code: contentToText(item.code) }, item);
    const outputs = Array.isArray(item.outputs) ? item.outputs.map((o) => (isObj(o) ? (o.logs ?? o) : o)) : [];
    if (outputs.length > 0) setObservation(step, contentToText(outputs));
  } else if (type === "mcp_call") {
    acc.action({ kind: "tool_call", name: str(item.name) ?? "mcp", arguments: parseArguments(item.arguments), callId }, item);
    const error = str(item.error);
    acc.result({ callId, text: contentToText(item.output) || (error ?? ""), isError: error ? true : undefined, errorMessage: error, raw: undefined });
  } else if (type.endsWith("_call_output")) {
    acc.result({ callId: str(item.call_id) ?? str(item.id), ...readOutput(item), raw: item });
  } else if (type.endsWith("_call")) {
    // web_search_call, file_search_call, computer_call, local_shell_call, image_generation_call…
    acc.action({ kind: "tool_call", name: type.replace(/_call$/, ""), arguments: callArguments(item), callId }, item);
    const results = item.results ?? (type === "image_generation_call" ? item.result : undefined);
    const failed = item.status === "failed" ? true : undefined;
    if (results !== undefined && results !== null) acc.result({ callId, text: contentToText(results), isError: failed, raw: undefined });
    else if (failed) acc.result({ callId, text: `${type} failed`, isError: true, raw: undefined });
  } else acc.unknown(type || typeof item, item);
}

/** Normalizes a list of Responses items. Never throws. */
export function normalizeResponsesItems(input: unknown[], options: ConversationOptions = {}): ConversationSteps {
  const items: unknown[] = Array.isArray(input) ? input : []; // callers pass parsed JSON; stay total anyway
  const acc = new ConversationAccumulator();
  const systemParts: string[] = [];
  const turns = items.map((item) => {
    const role = isObj(item) && (item.type === "message" || (item.type === undefined && typeof item.role === "string"))
      ? (readChatMessage({ role: item.role }).role ?? "") : "";
    return { role, text: role && isObj(item) ? itemText(item) : "", isResult: false };
  });
  const task = options.taskFromFirstUser === false ? undefined : findTaskTurn(turns);
  items.forEach((item, i) => {
    if (task && (i === task.index || (task.demoStart !== undefined && i >= task.demoStart && i < task.index))) return;
    if (isObj(item)) addItem(acc, item, systemParts);
    else acc.unknown(Array.isArray(item) ? "array" : typeof item, item);
  });
  acc.flush();
  const described = task ? describeTask(turns[task.index]!.text) : undefined;
  const extra: Record<string, unknown> = {};
  if (described?.prompt) extra.taskPrompt = described.prompt;
  if (task?.demoStart !== undefined) extra.skippedDemo = { items: task.index - task.demoStart, task: describeTask(turns[task.demoStart]!.text).description };
  return {
    taskDescription: described?.description,
    systemPrompt: systemParts.filter(Boolean).join("\n\n") || undefined,
    steps: acc.steps,
    finalAnswer: acc.finalAnswer(),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

// Chat message arrays (OpenAI Chat Completions and the dialects read by chat-message-parts.ts)
// to steps. Shared by every format that logs "the conversation": one assistant action per step,
// parallel calls as consecutive steps, results attached by call id, code fences as code steps
// when the conversation is code-acting (AppWorld style), and the task taken out of the steps.
import type { StepInput, TokenUsage } from "../schema";
import { setObservation } from "./builder";
import { readChatMessage, plainText, type ReadChatMessage } from "./chat-message-parts";
import { extractCodeAction, isExecutionResult, lastExceptionLine, unwrapExecutionResult } from "./code-fences";
import { ConversationAccumulator } from "./conversation-accumulator";
import { describeTask, findTaskTurn, type TaskLocation } from "./task-prompt";
import { addTokenUsage } from "./token-usage";

export { joinChatCompletionChunks, normalizeChatCompletionResponse } from "./chat-completion";

/** A conversation reduced to the normalized model's parts; formats wrap it into a trajectory. */
export interface ConversationSteps {
  taskDescription?: string;
  systemPrompt?: string;
  steps: StepInput[];
  finalAnswer?: string;
  model?: string;
  usage?: TokenUsage;
  /** Details with no field of their own: `taskPrompt` (full prompt when the task was cut from it), `skippedDemo`. */
  extra?: Record<string, unknown>;
}

export interface ConversationOptions {
  /** Default true: the first non-system user message becomes taskDescription and is NOT a step. */
  taskFromFirstUser?: boolean;
}

const hasCalls = (message: ReadChatMessage) => message.events.some((event) => event.type === "call");
const hasResults = (message: ReadChatMessage) => message.events.some((event) => event.type === "result");

/** Code fences are actions only when some fenced turn is answered by an "Output:" turn; elsewhere they are just text. */
function isCodeActing(read: ReadChatMessage[]): boolean {
  return read.some((message, i) => {
    const next = read[i + 1];
    return message.role === "assistant" && !hasCalls(message) && extractCodeAction(plainText(message)) !== undefined &&
      next?.role === "user" && !hasResults(next) && isExecutionResult(plainText(next));
  });
}

function addAssistant(acc: ConversationAccumulator, read: ReadChatMessage, raw: unknown, codeActing: boolean): void {
  const code = codeActing && !hasCalls(read) ? extractCodeAction(plainText(read)) : undefined;
  if (code) {
    for (const event of read.events) if (event.type === "note" && event.isThought) acc.note(event.text, true, raw);
    acc.note(code.thought, false, raw);
    acc.action({ kind: "code", language: code.language, code: code.code }, raw);
    return;
  }
  let firstCall = true;
  for (const event of read.events) {
    if (event.type === "note") acc.note(event.text, event.isThought, raw);
    else if (event.type === "result") acc.result(event.result);
    else {
      // The first call carries the whole message as raw; later parallel calls carry their own entry.
      acc.action({ kind: "tool_call", name: event.name, arguments: event.arguments, callId: event.callId }, firstCall ? raw : event.raw);
      firstCall = false;
    }
  }
  if (read.events.length === 0) acc.holdRaw(raw);
}

function addUser(acc: ConversationAccumulator, read: ReadChatMessage, raw: unknown): void {
  const text = plainText(read);
  const last = acc.builder.last();
  if (!hasResults(read) && last?.kind === "code" && last.observation === undefined && isExecutionResult(text)) {
    acc.flush();
    const output = unwrapExecutionResult(text);
    setObservation(last, output, { raw, errorMessage: lastExceptionLine(output) }); // used only if the output reads as an error
    return;
  }
  addToolResults(acc, read);
  if (text.trim() !== "" || !hasResults(read)) acc.message("user", text, raw);
}

function addToolResults(acc: ConversationAccumulator, read: ReadChatMessage): void {
  for (const event of read.events) if (event.type === "result") acc.result(event.result);
}

/** Normalizes a chat message array. Never throws; unrecognizable entries become `unknown` steps. */
export function normalizeChatMessages(input: unknown[], options: ConversationOptions = {}): ConversationSteps {
  const messages: unknown[] = Array.isArray(input) ? input : []; // callers pass parsed JSON; stay total anyway
  const read = messages.map(readChatMessage);
  const acc = new ConversationAccumulator();
  const systemParts: string[] = [];
  let start = 0;
  for (; start < read.length && read[start]!.role === "system"; start++) systemParts.push(plainText(read[start]!));

  const task: TaskLocation | undefined = options.taskFromFirstUser === false ? undefined
    : findTaskTurn(read.map((m) => ({ role: m.role ?? "", text: plainText(m), isResult: hasResults(m) })));
  const codeActing = isCodeActing(read);
  const usageIds = new Set<string>();
  let usage: TokenUsage | undefined;
  let model: string | undefined;

  for (let i = start; i < read.length; i++) {
    const message = read[i]!;
    model = message.model ?? model;
    // Split API responses repeat one message id and its usage on every part (Claude Code): count once.
    if (message.usage && !(message.id && usageIds.has(message.id))) usage = addTokenUsage(usage, message.usage);
    if (message.id) usageIds.add(message.id);
    if (task && (i === task.index || (task.demoStart !== undefined && i >= task.demoStart && i < task.index))) continue;
    if (message.role === "assistant") addAssistant(acc, message, messages[i], codeActing);
    else if (message.role === "user") addUser(acc, message, messages[i]);
    else if (message.role === "tool") addToolResults(acc, message);
    else if (message.role === "system") acc.message("system", plainText(message), messages[i]);
    else acc.unknown(message.sourceRole ?? (Array.isArray(messages[i]) ? "array" : typeof messages[i]), messages[i]);
  }
  acc.flush();

  const described = task ? describeTask(plainText(read[task.index]!)) : undefined;
  const extra: Record<string, unknown> = {};
  if (described?.prompt) extra.taskPrompt = described.prompt;
  if (task?.demoStart !== undefined) {
    extra.skippedDemo = { messages: task.index - task.demoStart, task: describeTask(plainText(read[task.demoStart]!)).description };
  }
  return {
    taskDescription: described?.description,
    systemPrompt: systemParts.filter(Boolean).join("\n\n") || undefined,
    steps: acc.steps,
    finalAnswer: acc.finalAnswer(),
    model,
    usage,
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

// AppWorld experiment `tasks/<id>/logs/lm_calls.jsonl` (FORMATS.md §2.2–2.3): one line per LLM
// call, `{id, input: {model, messages, …completion kwargs}, output: <provider response>}`. Every
// line repeats the whole growing conversation, so the run is rebuilt from the longest (last)
// line's messages plus its output; usage is summed over calls (each call was billed). The prompt
// embeds a worked demo task before the real one — the real task is the last "Task:" — and request
// kwargs may carry an api_key, which is scrubbed.
import type { StepInput, TokenUsage } from "../schema";
import { normalizeChatCompletionResponse, normalizeChatMessages } from "../normalize/chat-messages";
import { scrubSecrets } from "../normalize/scrub-secrets";
import { addTokenUsage } from "../normalize/token-usage";
import type { FormatParser, ParseIssue, SourceDocument } from "./types";
import { applicationsIn, executionErrorMessage, findCompletion, selfReportedOutcome, taskIdFromText } from "./appworld-code";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

interface LmCall {
  id?: string;
  input: Obj;
  messages: unknown[];
  output: unknown;
}

function readCalls(doc: SourceDocument): LmCall[] {
  const values = doc.jsonl?.map((l) => l.value) ?? (isObj(doc.json) ? [doc.json] : []);
  return values.flatMap((value) => {
    if (!isObj(value) || !isObj(value.input) || !Array.isArray(value.input.messages)) return [];
    return [{ id: typeof value.id === "string" ? value.id : undefined, input: value.input, messages: value.input.messages, output: value.output }];
  });
}

export const appworldLmCallsFormat: FormatParser = {
  id: "appworld-lm-calls",
  label: "AppWorld lm_calls.jsonl",

  detect(doc) {
    const values = doc.jsonl?.slice(0, 5).map((l) => l.value) ?? (isObj(doc.json) ? [doc.json] : []);
    const calls = values.filter((v) => isObj(v) && isObj(v.input) && Array.isArray(v.input.messages) && "output" in v);
    if (calls.length === 0 || calls.length < values.length) return 0;
    // The shape is generic LLM-call logging; AppWorld's prompts name their `apis.` object.
    return /\bapis\.[a-z_]+\.[a-z_]+\(|AppWorld/.test(doc.text.slice(0, 200_000)) ? 0.9 : 0.5;
  },

  parse(doc) {
    const issues: ParseIssue[] = [];
    const calls = readCalls(doc);
    if (calls.length === 0) {
      return { trajectories: [], issues: [{ severity: "error", message: "Not an lm_calls.jsonl: no lines with input.messages." }] };
    }
    const longest = calls.reduce((best, call) => (call.messages.length >= best.messages.length ? call : best));
    if (longest !== calls.at(-1)) issues.push({ severity: "warning", message: "The last call is not the longest; the run was rebuilt from the longest one." });
    const response = normalizeChatCompletionResponse(longest.output);
    const conversation = normalizeChatMessages(response.message ? [...longest.messages, response.message] : longest.messages);
    const steps = conversation.steps.map(withExecutionError);
    const completion = findCompletion(steps);
    const taskId = taskIdFromText(doc.fileName);
    if (!conversation.taskDescription) issues.push({ severity: "warning", message: "No \"Task:\" prompt found; the task description is a placeholder." });
    const model = typeof longest.input.model === "string" ? longest.input.model : (response.model ?? conversation.model);
    return {
      trajectories: [
        {
          task: {
            id: taskId,
            description: conversation.taskDescription ?? (taskId ? `AppWorld task ${taskId}` : "AppWorld task"),
            applications: applicationsIn(steps.flatMap((s) => (s.kind === "code" ? [s.code] : []))),
          },
          steps,
          finalAnswer: completion?.answer ?? conversation.finalAnswer,
          outcome: selfReportedOutcome(completion),
          metadata: {
            sourceFormat: "appworld-lm-calls",
            model,
            sourceId: taskId,
            usage: totalUsage(calls),
            systemPrompt: conversation.systemPrompt,
            extra: { benchmark: "appworld", llmCalls: calls.length, requestParams: requestParams(longest.input), ...conversation.extra },
          },
        },
      ],
      issues,
    };
  },
};

/** AppWorld's REPL prints "Execution failed. Traceback: …"; the exception line is the useful message. */
function withExecutionError(step: StepInput): StepInput {
  if (step.kind !== "code" || step.observation === undefined) return step;
  const message = executionErrorMessage(step.observation);
  return message ? { ...step, isError: true, errorMessage: message } : step;
}

/** Each line is one billed call; retried lines with the same id are counted once. */
function totalUsage(calls: LmCall[]): TokenUsage | undefined {
  const seen = new Set<string>();
  let usage: TokenUsage | undefined;
  for (const call of calls) {
    if (call.id && seen.has(call.id)) continue;
    if (call.id) seen.add(call.id);
    usage = addTokenUsage(usage, normalizeChatCompletionResponse(call.output).usage);
  }
  return usage;
}

/** The completion kwargs worth keeping (temperature, seed…), without the conversation or credentials. */
function requestParams(input: Obj): Obj {
  const { messages: _messages, tools, ...rest } = scrubSecrets(input);
  return { ...rest, ...(Array.isArray(tools) ? { toolCount: tools.length } : {}) };
}

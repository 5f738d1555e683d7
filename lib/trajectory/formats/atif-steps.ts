// ATIF steps → normalized steps (FORMATS.md §7). Agent steps: `reasoning_content` and `message`
// are the thought, each `tool_calls[]` entry one tool_call step; `observation.results[]` attach
// by `source_call_id`. Lenient for home-grown writers: tool calls as `{id, name, arguments}`,
// result content as an object, and results placed in a system step BEFORE the calling step.
import type { StepInput, TokenUsage } from "../schema";
import { setObservation, StepListBuilder } from "../normalize/builder";
import { contentToText } from "../normalize/content";
import { errorFromExitCode } from "../normalize/errors";
import { parseArguments } from "../normalize/json-args";
import { asArray, asObj, compact, idString, isObj, num, str, unixNewlines, type Obj } from "./agent-log-utils";

type NewStep = Parameters<StepListBuilder["add"]>[0];

export interface AtifSteps {
  task?: string;
  systemPrompt?: string;
  steps: StepInput[];
  finalAnswer?: string;
  copiedContextSteps: number;
  subagentRefs: Obj[];
}

// Terminus feeds its own parser complaints back as the observation; they are errors of the step.
const PARSER_ERROR = /^Previous response had parsing errors/m;

const callIdOf = (call: Obj) => idString(call.tool_call_id) ?? idString(call.id);
// Content is a string, ContentPart[] (v1.6+), or — from lenient writers — any object (kept as JSON).
const textOf = (value: unknown) => unixNewlines(contentToText(value));

export function atifStepTokens(metrics: unknown): TokenUsage | undefined {
  const m = asObj(metrics);
  if (!m) return undefined;
  const usage = compact({
    inputTokens: num(m.prompt_tokens), outputTokens: num(m.completion_tokens), cachedTokens: num(m.cached_tokens), costUsd: num(m.cost_usd),
  });
  return Object.keys(usage).length > 0 ? usage : undefined;
}

interface ResultEntry {
  text: string;
  result: Obj;
  /** The error signal of a structured (non-conformant) command result: exit code or `passed`/`success` flag. */
  failed?: { isError: boolean; errorMessage?: string };
}

const COMMAND_KEYS = ["stdout", "stderr", "exit_code", "returncode", "passed"];

/** Lenient writers put a command result object in `content`: show its streams, keep its own error signal. */
function commandResult(content: Obj): Omit<ResultEntry, "result"> {
  const text = [content.stdout ?? content.output, content.stderr].map((part) => (typeof part === "string" ? part.trim() : "")).filter(Boolean).join("\n");
  const exitCode = num(content.exit_code ?? content.returncode);
  if (exitCode !== undefined) return { text, failed: errorFromExitCode(exitCode, text) };
  const ok = typeof content.passed === "boolean" ? content.passed : typeof content.success === "boolean" ? content.success : undefined;
  if (ok === undefined) return { text };
  const what = str(content.command) ? `\`${content.command as string}\` failed` : "failed";
  return { text, failed: ok ? { isError: false } : { isError: true, errorMessage: `${what}: ${text.split("\n")[0]?.slice(0, 300) ?? ""}` } };
}

function readResult(result: Obj, refs: Obj[]): ResultEntry {
  const stepRefs = asArray(result.subagent_trajectory_ref).filter(isObj);
  refs.push(...stepRefs);
  const pointers = stepRefs.map((ref) => `[subagent trajectory: ${str(ref.trajectory_path) ?? str(ref.trajectory_id) ?? str(ref.session_id) ?? "?"}]`);
  const content = asObj(result.content);
  const read = content && COMMAND_KEYS.some((key) => key in content) ? commandResult(content) : { text: result.content === undefined ? "" : textOf(result.content) };
  return { ...read, text: [read.text, ...pointers].filter(Boolean).join("\n"), result };
}

function observe(step: StepInput, entry: ResultEntry): void {
  const { text, result } = entry;
  const explicit = result.is_error === true || asObj(result.extra)?.is_error === true;
  const parserError = PARSER_ERROR.test(text);
  if (entry.failed) setObservation(step, text, { ...entry.failed, isError: entry.failed.isError || explicit, raw: result });
  else if (explicit || parserError) setObservation(step, text, { isError: true, errorMessage: parserError ? text.split("\n").slice(0, 2).join(" ").slice(0, 300) : undefined, raw: result });
  else setObservation(step, text, { raw: result });
}

// Token-id and logprob arrays (RL exports) are thousands of numbers per step; the raw file keeps them.
const BULKY_METRICS = ["prompt_token_ids", "completion_token_ids", "logprobs"];

function slimRaw(step: Obj): Obj {
  const metrics = asObj(step.metrics);
  if (!metrics || !BULKY_METRICS.some((key) => Array.isArray(metrics[key]))) return step;
  const slim = Object.fromEntries(Object.entries(metrics).map(([key, value]) =>
    [key, BULKY_METRICS.includes(key) && Array.isArray(value) ? `[${value.length} values omitted]` : value]));
  return { ...step, metrics: slim };
}

export function mapAtifSteps(rawSteps: Obj[]): AtifSteps {
  const builder = new StepListBuilder();
  const out: AtifSteps = { steps: builder.steps, copiedContextSteps: 0, subagentRefs: [] };
  const knownCalls = new Set(rawSteps.flatMap((s) => asArray(s.tool_calls).filter(isObj).map(callIdOf)).filter(Boolean));
  const early = new Map<string, ResultEntry[]>(); // results that precede their call
  let seenConversation = false;

  for (const step of rawSteps) {
    if (step.is_copied_context === true) {
      out.copiedContextSteps++; // context carried over a summarization: already mined in the original
      continue;
    }
    const source = str(step.source) ?? "unknown";
    const text = textOf(step.message).trim();
    const reasoning = str(step.reasoning_content)?.trim();
    const results = asArray(asObj(step.observation)?.results).filter(isObj);
    const base = { timestamp: str(step.timestamp), model: str(step.model_name), tokens: atifStepTokens(step.metrics), raw: slimRaw(step) };
    let consumed = false; // the step became the task or the system prompt

    if (source === "user" && out.task === undefined) {
      out.task = text;
      consumed = true;
    } else if (source === "system" && !seenConversation && results.length === 0 && !asObj(step.extra)?.event_type && text) {
      out.systemPrompt = out.systemPrompt ? `${out.systemPrompt}\n\n${text}` : text;
      consumed = true;
    }
    seenConversation ||= source !== "system";

    const created: StepInput[] = [];
    if (source === "agent") {
      const calls = asArray(step.tool_calls).filter(isObj);
      const thought = [reasoning, calls.length > 0 ? text : undefined].filter(Boolean).join("\n\n") || undefined;
      calls.forEach((call, i) => {
        const name = str(call.function_name) ?? str(call.name) ?? str(asObj(call.function)?.name) ?? "unknown";
        const args = parseArguments(call.arguments ?? asObj(call.function)?.arguments);
        const first = i === 0 ? { ...base, thought } : { raw: call, timestamp: base.timestamp, model: base.model };
        const added = builder.add({ ...first, kind: "tool_call", name, arguments: args, callId: callIdOf(call) } as NewStep);
        created.push(added);
        for (const pending of early.get(callIdOf(call) ?? "") ?? []) observe(added, pending);
      });
      if (calls.length === 0) created.push(builder.add({ ...base, kind: "message", role: "assistant", text: text || reasoning || "", thought: text ? reasoning : undefined }));
      if (text) out.finalAnswer = text;
    }

    // Results go to their call by id, wait for a call that comes later, or stay with this step.
    const unmatched: ResultEntry[] = [];
    for (const result of results) {
      const entry = readResult(result, out.subagentRefs);
      const id = idString(result.source_call_id);
      const target = id ? builder.findByCallId(id) : undefined;
      if (target) observe(target, entry);
      else if (id && knownCalls.has(id)) early.set(id, [...(early.get(id) ?? []), entry]);
      else unmatched.push(entry);
    }
    // Other user/system steps (a handoff, an event, stray results) are shown as messages; a step
    // that only carried other steps' results (its message a mere "Tool results" header) is not.
    const onlyCarrier = results.length > 0 && unmatched.length === 0;
    if (source !== "agent" && ((!consumed && text && !onlyCarrier) || unmatched.length > 0)) {
      // Event-log writers record failures as `extra.error` on the event.
      const error = str(asObj(step.extra)?.error);
      created.push(builder.add({ ...base, kind: "message", role: source === "user" ? "user" : "system", text, ...(error ? { isError: true, errorMessage: error.slice(0, 500) } : {}) }));
    }
    // Results without ids pair with the calls in order when the counts agree, else all go to the first step.
    const tools = created.filter((s) => s.kind === "tool_call");
    unmatched.forEach((entry, i) => {
      const target = tools.length === unmatched.length ? tools[i] : created[0];
      if (target) observe(target, entry);
    });
  }
  return out;
}

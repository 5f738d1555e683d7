// mini-swe-agent trajectories (FORMATS.md §6.2): `{info, messages, trajectory_format:
// "mini-swe-agent-1*"}`, and the bare message array of the earliest releases. Two generations:
// v1 text actions (THOUGHT + one ```bash``` block; the next user turn is `<returncode>N</returncode>
// <output>…</output>`) and v1.1 tool calls (role "tool" results with JSON `{returncode, output}`).
// The return code is the error signal; format-error and timeout turns mark the step that caused them.
// The outcome is never in the file ("Submitted" holds for resolved and unresolved runs alike).
import type { StepInput, TokenUsage } from "../schema";
import { setObservation, StepListBuilder } from "../normalize/builder";
import { normalizeChatMessages } from "../normalize/chat-messages";
import { contentToText } from "../normalize/content";
import { errorFromExitCode } from "../normalize/errors";
import { addTokenUsage, mapTokenUsage } from "../normalize/token-usage";
import type { FormatParser } from "./types";
import { readCommandResult, type CommandResult } from "./mini-swe-agent-observations";
import {
  asArray, asObj, compact, errorIssue, extractTaskText, fileStem, isObj, isoTimestamp, num, str, unixNewlines,
  usageFromModelStats, type Obj,
} from "./agent-log-utils";

export const MINI_SWE_AGENT_FORMAT_ID = "mini-swe-agent";

const ACTION_FENCE = /```(?:bash|mswea_bash_command|sh)[^\S\n]*\n([\s\S]*?)\n?```/g;
// Markers of mini-swe-agent prompts, for the bare-array generation that has no wrapper.
const MINI_MARKERS = /mswea_bash_command|COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT|MINI_SWE_AGENT_FINAL_OUTPUT|<returncode>-?\d+<\/returncode>/;

const responseOf = (message: Obj) => asObj(asObj(message.extra)?.response);

/** One model call's usage: the provider response's usage, with mini-swe-agent's own cost when it recorded one. */
function callUsage(message: Obj): TokenUsage | undefined {
  const usage = mapTokenUsage(responseOf(message)?.usage);
  const cost = num(asObj(message.extra)?.cost);
  return cost !== undefined && cost > 0 ? { ...usage, costUsd: cost } : usage;
}

/** Sets a step's observation from a classified user/tool turn. */
function applyResult(step: StepInput, result: CommandResult, raw: unknown): void {
  const options = { raw, timestamp: result.timestamp };
  if (result.kind === "format_error") setObservation(step, result.output, { ...options, isError: true, errorMessage: `format error: ${formatProblem(result.output)}` });
  else if (result.kind === "timeout") setObservation(step, result.output, { ...options, isError: true, errorMessage: "command timed out" });
  else if (result.kind === "result") {
    const exit = errorFromExitCode(result.returncode, result.output);
    const isError = exit.isError || result.exception !== undefined;
    setObservation(step, result.output, { ...options, isError, errorMessage: result.exception ?? exit.errorMessage });
  } else setObservation(step, result.output, { ...options, isError: false }); // e.g. the submitted patch
}

const firstLine = (text: string) => text.trim().split("\n")[0]?.slice(0, 300) ?? "";
/** The complaint itself: v2 templates wrap it in <error>, v1 puts it on the first line. */
const formatProblem = (text: string) => firstLine(/<error>\s*([\s\S]*?)\s*<\/error>/.exec(text)?.[1] ?? text);

/** v1 / text-based: one fenced command per assistant turn, its result in the next user turn. */
function textSteps(messages: Obj[]): { steps: StepInput[]; usage?: TokenUsage } {
  const builder = new StepListBuilder();
  let pending: StepInput | undefined;
  let usage: TokenUsage | undefined;
  for (const message of messages) {
    const text = unixNewlines(contentToText(message.content));
    if (message.role === "assistant") {
      const response = responseOf(message);
      const tokens = callUsage(message);
      usage = addTokenUsage(usage, tokens);
      const fences = [...text.matchAll(ACTION_FENCE)];
      const recorded = asArray(asObj(message.extra)?.actions).filter(isObj).map((a) => str(a.command)).filter((c): c is string => !!c);
      const commands = recorded.length > 0 ? recorded : fences.map((m) => m[1]!.trim());
      const base = { tokens, model: str(response?.model), timestamp: isoTimestamp(asObj(message.extra)?.timestamp), raw: message };
      // Not exactly one command means mini-swe-agent refused the turn (a format error follows): nothing ran.
      if (commands.length === 1) {
        const thought = fences.reduce((rest, m) => rest.replace(m[0], ""), text).replace(/^\s*THOUGHT:\s*/i, "").trim();
        pending = builder.add({ ...base, kind: "code", language: "bash", code: commands[0]!, thought: thought || undefined });
      } else pending = builder.add({ ...base, kind: "message", role: "assistant", text: text.trim() });
      continue;
    }
    const result = readCommandResult(message);
    // A refused turn (message step) only takes the harness's complaint; any other reply is its own turn.
    const answers = pending?.kind === "code" || result.kind === "format_error" || result.kind === "timeout";
    if (pending && pending.observation === undefined && answers) applyResult(pending, result, message);
    else if (result.output.trim() !== "" && message.role !== "exit") builder.add({ kind: "message", role: "user", text: result.output, raw: message, ...turnError(result) });
    pending = undefined;
  }
  return { steps: builder.steps, usage };
}

/** A harness complaint that is its own turn (no step of the agent's to attach it to). */
function turnError(result: CommandResult): { isError?: boolean; errorMessage?: string } {
  if (result.kind === "format_error") return { isError: true, errorMessage: `format error: ${formatProblem(result.output)}` };
  if (result.kind === "timeout") return { isError: true, errorMessage: "command timed out" };
  return {};
}

/** v1.1 tool calling: the shared chat normalizer builds the steps; mini-swe-agent's result JSON then sets observations and errors. */
function toolCallSteps(messages: Obj[]): { steps: StepInput[]; usage?: TokenUsage } {
  const steps = normalizeChatMessages(messages.filter((m) => m.role !== "exit"), { taskFromFirstUser: false }).steps;
  const holds = (raw: unknown, message: Obj): boolean =>
    raw === message || (Array.isArray(raw) && raw.includes(message)) || (isObj(raw) && "call" in raw && holds(raw.call, message));
  const stepOf = (message: Obj) => steps.find((s) => holds(s.raw, message));
  let usage: TokenUsage | undefined;
  for (const message of messages) {
    const callId = str(message.tool_call_id);
    if (message.role === "assistant") {
      const tokens = callUsage(message);
      usage = addTokenUsage(usage, tokens);
      const first = stepOf(message);
      if (first && tokens) first.tokens = tokens;
      if (first) {
        first.model ??= str(responseOf(message)?.model);
        first.timestamp = isoTimestamp(asObj(message.extra)?.timestamp) ?? first.timestamp;
      }
    } else if (callId) {
      const step = steps.find((s) => s.kind === "tool_call" && s.callId === callId);
      if (!step) continue;
      // Replace what the generic normalizer attached (the JSON text, judged by text heuristics).
      const call = isObj(step.raw) && "call" in step.raw ? step.raw.call : step.raw;
      Object.assign(step, { observation: undefined, isError: undefined, errorMessage: undefined, raw: call });
      applyResult(step, readCommandResult(message), message);
    } else if (message.role === "user") {
      const step = stepOf(message);
      if (step) Object.assign(step, turnError(readCommandResult(message)));
    } else if (message.role === "exit") {
      // v2 ends with an "exit" turn holding the submission: the output of the submit command.
      const submit = steps.findLast((s) => s.kind === "tool_call" && s.observation === undefined);
      if (submit) applyResult(submit, { kind: "other", output: unixNewlines(contentToText(message.content)) }, message);
    }
  }
  return { steps, usage };
}

/** Without `info` (the bare-array generation) the submission is the output of the final submit command. */
function submittedOutput(steps: StepInput[]): string | undefined {
  const last = steps.at(-1);
  const command = last?.kind === "code" ? last.code : last?.kind === "tool_call" ? JSON.stringify(last.arguments) : "";
  return /COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT|MINI_SWE_AGENT_FINAL_OUTPUT/.test(command ?? "") ? str(last?.observation) : undefined;
}

function isToolCalling(messages: Obj[]): boolean {
  return messages.some((m) => m.role === "tool" || (m.role === "assistant" && asArray(m.tool_calls).length > 0));
}

function detectMini(json: unknown): number {
  if (isObj(json)) {
    if (str(json.trajectory_format)?.startsWith("mini-swe-agent")) return 0.99;
    if (Array.isArray(json.messages) && str(asObj(json.info)?.mini_version)) return 0.9;
    return 0;
  }
  // The earliest releases wrote a bare chat array: claim it only with mini-swe-agent's own markers.
  if (!Array.isArray(json) || json.length < 2 || !json.every((m) => isObj(m) && typeof m.role === "string")) return 0;
  return json.some((m) => MINI_MARKERS.test(contentToText((m as Obj).content).slice(0, 20_000))) ? 0.7 : 0;
}

export const miniSweAgentFormat: FormatParser = {
  id: MINI_SWE_AGENT_FORMAT_ID,
  label: "mini-swe-agent trajectory",
  detect: (doc) => detectMini(doc.json),
  parse(doc) {
    if (detectMini(doc.json) === 0) {
      return { trajectories: [], issues: [errorIssue("Not a mini-swe-agent trajectory: expected {info, messages, trajectory_format} or a mini-swe-agent message array.")] };
    }
    const root: Obj = Array.isArray(doc.json) ? { messages: doc.json } : (doc.json as Obj);
    const info = asObj(root.info) ?? {};
    const config = asObj(info.config) ?? {};
    const messages = asArray(root.messages).filter(isObj);
    const systemPrompt = str(contentToText(messages.find((m) => m.role === "system")?.content));
    const taskIndex = messages.findIndex((m) => m.role === "user");
    const prompt = taskIndex >= 0 ? unixNewlines(contentToText(messages[taskIndex]!.content)) : "";
    const task = extractTaskText(prompt);
    const rest = messages.filter((m, i) => i > taskIndex && m.role !== "system");
    const { steps, usage } = isToolCalling(rest) ? toolCallSteps(rest) : textSteps(rest);
    const stats = usageFromModelStats(info.model_stats);
    return {
      issues: [],
      trajectories: [{
        task: { id: str(root.instance_id) ?? fileStem(doc.fileName), description: task.text },
        steps,
        finalAnswer: str(info.submission) ? unixNewlines(info.submission as string) : submittedOutput(steps),
        outcome: { label: "unknown", source: "none" },
        metadata: {
          sourceFormat: MINI_SWE_AGENT_FORMAT_ID,
          formatVersion: str(root.trajectory_format),
          agent: compact({ name: "mini-swe-agent", version: str(info.mini_version) }),
          model: str(asObj(config.model)?.model_name) ?? steps.find((s) => s.model)?.model,
          usage: usage || stats ? { ...usage, ...stats } : undefined,
          systemPrompt,
          extra: compact({
            exitStatus: str(info.exit_status),
            apiCalls: num(asObj(info.model_stats)?.api_calls),
            agentClass: str(config.agent_type),
            taskPrompt: task.extracted ? prompt : undefined,
          }),
        },
      }],
    };
  },
};

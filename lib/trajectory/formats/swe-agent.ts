// SWE-agent `.traj` (FORMATS.md §6.1). Steps come from `trajectory[]` (one executed command each:
// thought, action, observation); `history[]` supplies the system prompt, the issue text and — in
// function-calling runs — the tool call behind each command. Files without `trajectory[]` are
// rebuilt from `history[]` alone. The outcome is never in the file: `exit_status: "submitted"`
// only says a patch was produced, so it goes to metadata and the outcome stays unknown.
import type { StepInput } from "../schema";
import { setObservation, StepListBuilder } from "../normalize/builder";
import { contentToText } from "../normalize/content";
import { detectErrorText } from "../normalize/errors";
import { decodeJsonString, parseArguments } from "../normalize/json-args";
import type { FormatParser, ParseIssue } from "./types";
import {
  asArray, asObj, compact, errorIssue, extractTaskText, fileStem, isObj, num, str, unixNewlines,
  usageFromModelStats, warningIssue, type Obj,
} from "./agent-log-utils";

export const SWE_AGENT_FORMAT_ID = "swe-agent";

// SWE-agent's own failure messages, which carry no exit code.
const SWE_AGENT_ERRORS: RegExp[] = [
  /Your proposed edit has introduced new syntax error/,
  /^\s*EXECUTION (?:TIMED OUT|FAILED OR COMMAND MALFORMED)/m,
  /^\/bin\/(?:ba)?sh: line \d+: /m, // the shell's own complaints (syntax errors, missing commands)
  /^Usage: /m,
  /^Invalid (?:command|arguments)\b/m,
  /^Wrong flag!/m, // EnIGMA CTF submissions
];

// The prompt suffix SWE-agent appends to every observation in `history` ("(Open file: …)\n(Current directory: …)\nbash-$").
const PROMPT_SUFFIX = /\n*\(Open file: [^\n]*\)\n\(Current directory: [^\n]*\)\n\s*bash-\$\s*$/;

function sweAgentError(observation: string): string | undefined {
  for (const pattern of SWE_AGENT_ERRORS) {
    const match = pattern.exec(observation);
    if (!match) continue;
    const line = observation.slice(match.index).trim().split("\n")[0] ?? "";
    // Lint rejections list the real problem under "ERRORS:"; it says more than the banner.
    const detail = /^ERRORS:\n-\s*(.+)$/m.exec(observation)?.[1]?.trim();
    return detail ? `${line} ${detail}` : line;
  }
  return undefined;
}

/** The issue part of a SWE-agent instance prompt (EnIGMA CTF prompts have no ISSUE: marker, only INSTRUCTIONS:). */
function taskFromPrompt(prompt: string): { text: string; extracted: boolean } {
  const known = extractTaskText(prompt);
  if (known.extracted) return known;
  const beforeInstructions = /^([\s\S]*?)\n+INSTRUCTIONS:/m.exec(known.text)?.[1]?.trim();
  return beforeInstructions ? { text: beforeInstructions, extracted: true } : known;
}

function toolCallsOf(message: Obj): Obj[] {
  return asArray(decodeJsonString(message.tool_calls)).filter(isObj);
}

function observe(step: StepInput, text: string): void {
  const observation = unixNewlines(text).replace(PROMPT_SUFFIX, "");
  const explicit = sweAgentError(observation);
  if (explicit) return setObservation(step, observation, { isError: true, errorMessage: explicit });
  // No exit codes here, so the text decides; a Python traceback is best summarised by its last line.
  const detected = detectErrorText(observation);
  const exception = detected?.startsWith("Traceback") ? [...observation.matchAll(/^\w+(?:Error|Exception)\b.*$/gm)].at(-1)?.[0] : undefined;
  setObservation(step, observation, detected ? { isError: true, errorMessage: exception ?? detected } : { isError: false });
}

type NewStep = Parameters<StepListBuilder["add"]>[0];
type StepBase = { thought?: string; durationMs?: number; raw: unknown };

/** One action as a step: the tool call when the model made one, else the command line as bash. */
function actionStep(action: string | undefined, call: Obj | undefined, base: StepBase): NewStep {
  const fn = asObj(call?.function);
  const name = str(fn?.name) ?? str(call?.name);
  if (name) return { ...base, kind: "tool_call", name, arguments: parseArguments(fn?.arguments ?? call?.arguments), callId: str(call?.id) };
  return { ...base, kind: "code", language: "bash", code: action ?? "" };
}

/** Each entry's `query` (≥1.1) / `messages` (<1.1) repeats the whole prompt so far: quadratic size, and the file keeps it. */
function slimEntry(entry: Obj): Obj {
  const slim = { ...entry };
  for (const key of ["query", "messages"]) if (Array.isArray(slim[key])) slim[key] = `[${(slim[key] as unknown[]).length} messages omitted]`;
  return slim;
}

function fromTrajectory(entries: Obj[], actionMessages: Obj[], builder: StepListBuilder): void {
  let cursor = 0;
  for (const entry of entries) {
    const action = typeof entry.action === "string" ? entry.action.trim() : undefined;
    // Pair with the history message that issued the same command (requeried messages are skipped).
    const offset = actionMessages.slice(cursor).findIndex((m) => str(m.action)?.trim() === action?.trim());
    const message = offset >= 0 ? actionMessages[cursor + offset] : undefined;
    if (offset >= 0) cursor += offset + 1;
    const seconds = num(entry.execution_time);
    const step = builder.add(actionStep(action, message ? toolCallsOf(message)[0] : undefined, {
      // `response` is thought + fenced command: only a stand-in when the file has no `thought` at all.
      thought: typeof entry.thought === "string" ? str(entry.thought)?.trim() : str(entry.response)?.trim(),
      durationMs: seconds === undefined ? undefined : Math.round(seconds * 1000),
      raw: message ? { trajectory: slimEntry(entry), history: message } : slimEntry(entry),
    }));
    if (typeof entry.observation === "string") observe(step, entry.observation);
  }
}

/** Rebuilds steps from chat-like history (after the issue): assistant messages carry `action`/`tool_calls`, observations follow. */
function fromHistory(messages: Obj[], builder: StepListBuilder): void {
  let pending: StepInput[] = [];
  for (const message of messages) {
    const role = str(message.role);
    const text = contentToText(message.content);
    if (role === "assistant") {
      const calls = toolCallsOf(message);
      const action = str(message.action)?.trim();
      const thought = (typeof message.thought === "string" ? str(message.thought) : str(text))?.trim();
      if (calls.length > 0) pending = calls.map((call, i) => builder.add(actionStep(undefined, call, { thought: i === 0 ? thought : undefined, raw: message })));
      else if (action) pending = [builder.add(actionStep(action, undefined, { thought, raw: message }))];
      else {
        builder.add({ kind: "message", role: "assistant", text, raw: message });
        pending = [];
      }
      continue;
    }
    const ids = asArray(decodeJsonString(message.tool_call_ids ?? (message.tool_call_id ? [message.tool_call_id] : undefined))).map(String);
    const targets = ids.map((id) => builder.findByCallId(id)).filter((s): s is StepInput => !!s);
    const open = targets.length > 0 ? targets : pending.filter((s) => s.observation === undefined).slice(0, 1);
    if (open.length > 0 && role !== "system") open.forEach((step) => observe(step, text));
    else if (text) builder.add({ kind: "message", role: role === "system" ? "system" : "user", text: unixNewlines(text), raw: message });
    pending = pending.filter((s) => s.observation === undefined);
  }
}

function detectSweAgent(json: unknown): number {
  if (!isObj(json) || "trajectory_format" in json || "schema_version" in json) return 0;
  const first = asArray(json.trajectory)[0];
  if (isObj(first) && "action" in first && "observation" in first && ("thought" in first || "response" in first)) return 0.95;
  const history = asArray(json.history);
  const info = asObj(json.info);
  const chatLike = history.some((m) => isObj(m) && "role" in m && ("message_type" in m || "agent" in m || "is_demo" in m));
  if (chatLike && (info || Array.isArray(json.trajectory))) return 0.85;
  if (history.some((m) => isObj(m) && "role" in m) && info && ("exit_status" in info || "model_stats" in info)) return 0.7;
  return 0;
}

export const sweAgentFormat: FormatParser = {
  id: SWE_AGENT_FORMAT_ID,
  label: "SWE-agent .traj",
  detect: (doc) => detectSweAgent(doc.json),
  parse(doc) {
    const issues: ParseIssue[] = [];
    const root = asObj(doc.json);
    if (!root || detectSweAgent(root) === 0) {
      return { trajectories: [], issues: [errorIssue("Not a SWE-agent .traj file: expected a JSON object with trajectory[] or history[].")] };
    }
    const info = asObj(root.info) ?? {};
    const replay = asObj(decodeJsonString(root.replay_config)) ?? {};
    const problem = asObj(replay.problem_statement);
    const allHistory = asArray(root.history).filter(isObj);
    const history = allHistory.filter((m) => m.is_demo !== true); // few-shot demonstrations are another task
    const systemPrompt = str(contentToText(history.find((m) => m.role === "system")?.content));
    const conversation = history.filter((m) => m.role !== "system");
    const issueMessage = conversation.find((m) => m.role === "user");
    const prompt = str(contentToText(issueMessage?.content));
    const fromPrompt = prompt ? taskFromPrompt(prompt) : undefined;
    const description = (fromPrompt?.extracted ? fromPrompt.text : undefined) ?? str(problem?.text) ?? fromPrompt?.text ?? str(problem?.github_url) ?? "";
    if (!description) issues.push(warningIssue("No issue text found (no user message in history, no replay_config.problem_statement)."));

    const builder = new StepListBuilder();
    const entries = asArray(root.trajectory).filter(isObj);
    if (entries.length > 0) fromTrajectory(entries, conversation.filter((m) => m.role === "assistant"), builder);
    else fromHistory(issueMessage ? conversation.slice(conversation.indexOf(issueMessage) + 1) : conversation, builder);

    const model = asObj(asObj(replay.agent)?.model);
    return {
      issues,
      trajectories: [{
        task: { id: str(problem?.id) ?? str(root.instance_id) ?? fileStem(doc.fileName), description },
        steps: builder.steps,
        finalAnswer: str(info.submission) ? unixNewlines(info.submission as string).replace(/^\n+/, "") : undefined,
        outcome: { label: "unknown", source: "none" },
        metadata: {
          sourceFormat: SWE_AGENT_FORMAT_ID,
          agent: compact({ name: "SWE-agent", version: str(info.swe_agent_version) }),
          model: str(model?.name) ?? str(model?.model_name),
          usage: usageFromModelStats(info.model_stats),
          systemPrompt,
          extra: compact({
            exitStatus: str(info.exit_status),
            apiCalls: num(asObj(info.model_stats)?.api_calls),
            environment: str(root.environment),
            demoMessagesDropped: allHistory.length - history.length || undefined,
            taskPrompt: fromPrompt?.extracted ? prompt : undefined,
          }),
        },
      }],
    };
  },
};

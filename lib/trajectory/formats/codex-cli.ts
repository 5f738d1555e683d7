// OpenAI Codex CLI rollout JSONL (~/.codex/sessions/…/rollout-*.jsonl), current `{timestamp,
// type, payload}` lines and the legacy header + bare-items layout. See FORMATS.md §9 and
// codex-cli-session.ts for which stream supplies what. One file is one session: follow-up prompts
// stay in it as user message steps.
import type { StepInput } from "../schema";
import { errorFromExitCode } from "../normalize/errors";
import { normalizeResponsesItems } from "../normalize/responses-items";
import { isInjectedContext } from "../normalize/task-prompt";
import { contentToText } from "../normalize/content";
import type { FormatParser, ParseIssue, SourceDocument } from "./types";
import { CODEX_LINE_TYPES, readCodexSession, type CodexItem, type CodexSession } from "./codex-cli-session";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

// Codex injects these as user messages; they are context, not the user's words.
const INJECTED = /^\s*<(?:environment_context|user_instructions|INSTRUCTIONS|user_shell_command|turn_aborted)\b/;
// Bookkeeping items that are not agent actions (git snapshots for /undo).
const SKIPPED_ITEMS = new Set(["ghost_snapshot"]);
// Newer exec output is plain text with the exit code in a header line.
const EXIT_LINE = /^(?:Process exited with code|Exit code:)\s*(-?\d+)/m;
const RESPONSE_TYPES = new Set(["message", "reasoning", "function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output", "local_shell_call"]);

function documentValues(doc: SourceDocument): unknown[] | undefined {
  if (doc.jsonl) return doc.jsonl.map((l) => l.value);
  return isObj(doc.json) ? [doc.json] : undefined;
}

export const codexCliFormat: FormatParser = {
  id: "codex-cli",
  label: "Codex CLI rollout (JSONL)",

  detect(doc) {
    const values = documentValues(doc)?.slice(0, 50).filter(isObj);
    if (!values?.length) return 0;
    const enveloped = values.filter((v) => isObj(v.payload) && typeof v.type === "string" && "timestamp" in v);
    if (enveloped.some((v) => v.type === "session_meta")) return 0.95;
    if (enveloped.filter((v) => CODEX_LINE_TYPES.has(String(v.type))).length >= 2) return 0.9;
    const [head, ...rest] = values;
    const legacyHeader = head && str(head.id) && "timestamp" in head && "instructions" in head && head.type === undefined;
    if (legacyHeader && rest.some((v) => v.record_type !== undefined || RESPONSE_TYPES.has(String(v.type)))) return 0.8;
    return 0;
  },

  parse(doc) {
    const issues: ParseIssue[] = [];
    const values = documentValues(doc);
    const session = values ? readCodexSession(values) : undefined;
    if (!session || (session.items.length === 0 && session.userMessages.length === 0 && session.agentMessages.length === 0)) {
      return { trajectories: [], issues: [{ severity: "error", message: "Not a Codex CLI rollout: no response items or messages found." }] };
    }
    const items = session.items.filter((i) => !SKIPPED_ITEMS.has(String(i.item.type)) && !isInjectedItem(i.item)).map(withoutCiphertext);
    const injected = session.items.filter((i) => isInjectedItem(i.item)).length;
    const conversation = normalizeResponsesItems(items.map((i) => i.item));
    const steps = items.length > 0 ? conversation.steps : eventSteps(session);
    if (items.length === 0) issues.push({ severity: "warning", message: "No response_item lines: steps rebuilt from agent_message events only." });
    applyCallResults(steps, session, items);

    const prompt = session.userMessages.find((m) => !isInjectedContext(m) && !INJECTED.test(m));
    const task = prompt ?? conversation.taskDescription;
    if (!task) issues.push({ severity: "warning", message: "No user prompt found; the task description is a placeholder." });
    const meta = session.meta;
    const version = str(meta.cli_version);
    return {
      trajectories: [
        {
          task: { description: task ?? "(no user prompt found in the rollout)" },
          steps,
          finalAnswer: session.lastAgentMessage ?? conversation.finalAnswer,
          outcome: { label: "unknown", source: "none" },
          metadata: {
            sourceFormat: "codex-cli",
            formatVersion: session.legacy ? "legacy" : version,
            agent: { name: "codex-cli", version },
            model: session.models[0] ?? str(meta.model),
            sourceId: str(meta.id) ?? str(meta.session_id),
            startedAt: str(meta.timestamp) ?? session.timestamps[0],
            endedAt: session.timestamps.at(-1),
            usage: session.usage,
            systemPrompt: [instructionsOf(meta), conversation.systemPrompt].filter(Boolean).join("\n\n") || undefined,
            extra: { ...extraOf(session), ...(injected > 0 ? { injectedContextItems: injected } : {}) },
          },
        },
      ],
      issues,
    };
  },
};

function isInjectedItem(item: Obj): boolean {
  if (item.type !== "message" && item.type !== undefined) return false;
  if (item.role !== "user") return false;
  const text = contentToText(item.content);
  return isInjectedContext(text) || INJECTED.test(text);
}

/** Encrypted reasoning is unreadable and large: the raw keeps its size, not its bytes. */
function withoutCiphertext(entry: CodexItem): CodexItem {
  const secret = entry.item.encrypted_content;
  if (typeof secret !== "string") return entry;
  return { ...entry, item: { ...entry.item, encrypted_content: `[encrypted, ${secret.length} chars omitted]` } };
}

/** Exit codes and failures from the event stream override the text heuristic on the matching call. */
function applyCallResults(steps: StepInput[], session: CodexSession, items: CodexItem[]): void {
  const calls = items.filter((i) => !String(i.item.type).endsWith("_output"));
  const callTimes = new Map(calls.map((i) => [str(i.item.call_id) ?? "", i.timestamp] as const));
  for (const step of steps) {
    if (step.kind !== "tool_call" || !step.callId) continue;
    step.timestamp ??= callTimes.get(step.callId);
    const result = session.callResults.get(step.callId);
    const exitText = step.observation ? EXIT_LINE.exec(step.observation)?.[1] : undefined;
    const exitCode = result?.exitCode ?? (exitText === undefined ? undefined : Number(exitText));
    if (result?.failed) Object.assign(step, { isError: true, errorMessage: result.failed.slice(0, 500) });
    else if (exitCode !== undefined) {
      const { isError, errorMessage } = errorFromExitCode(exitCode, step.observation);
      Object.assign(step, { isError, errorMessage });
    }
  }
}

/** Rollouts without response items (event-only writers): the agent's messages are all there is. */
function eventSteps(session: CodexSession): StepInput[] {
  return session.agentMessages.map((m, index) => ({ index, kind: "message", role: "assistant", text: m.text, timestamp: m.timestamp }));
}

function instructionsOf(meta: Obj): string | undefined {
  const base = meta.base_instructions;
  return str(meta.instructions) ?? (isObj(base) ? str(base.text) : str(base));
}

function extraOf(session: CodexSession): Record<string, unknown> {
  const meta = session.meta;
  const context = session.turnContext ?? {};
  const entries: [string, unknown][] = [
    ["cwd", str(meta.cwd) ?? str(context.cwd)],
    ["originator", str(meta.originator)],
    ["modelProvider", str(meta.model_provider)],
    ["git", isObj(meta.git) ? meta.git : undefined],
    ["approvalPolicy", context.approval_policy],
    ["sandboxPolicy", context.sandbox_policy],
    ["reasoningEffort", context.effort],
    ["models", session.models.length > 1 ? session.models : undefined],
    ["userPrompts", session.userMessages.length > 1 ? session.userMessages.length : undefined],
    ["errors", session.errors.length ? session.errors : undefined],
    ["turnAborted", session.aborts.length ? session.aborts : undefined],
    ["compactions", session.compactions || undefined],
    ["forkedFrom", str(meta.parent_thread_id) ?? str(meta.forked_from_id)],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

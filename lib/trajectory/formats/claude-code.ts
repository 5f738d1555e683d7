// Claude Code session JSONL (~/.claude/projects/<cwd>/<session>.jsonl) and subagent files
// (<session>/subagents/agent-*.jsonl). See FORMATS.md §8.
//
// Subagents: in a main session, `isSidechain` lines (older CLIs wrote them inline) are left out of
// the steps and only summarised in metadata.extra.subagents — the parent's Task/Agent tool_call
// already carries the delegated prompt (arguments) and the subagent's report (observation), and
// the subagent's own file imports as its own trajectory, so importing it twice would duplicate
// work and lessons. A file made only of sidechain lines (agent-*.jsonl) is that subagent's trajectory.
import type { TokenUsage } from "../schema";
import type { FormatParser, ParseIssue, SourceDocument } from "./types";
import { buildClaudeThread } from "./claude-code-steps";
import { asRecord, asString, messageId, selectActiveThread, type CcLine } from "./claude-code-thread";

const LINE_TYPES = new Set(["user", "assistant", "system", "summary", "progress", "file-history-snapshot", "queue-operation", "attachment", "permission-mode"]);

function documentLines(doc: SourceDocument): CcLine[] | undefined {
  const values = doc.jsonl ?? (asRecord(doc.json) ? [{ line: 1, value: doc.json }] : undefined);
  return values?.flatMap(({ line, value }) => (asRecord(value) ? [{ line, value: value as Record<string, unknown> }] : []));
}

export const claudeCodeFormat: FormatParser = {
  id: "claude-code",
  label: "Claude Code session (JSONL)",

  detect(doc) {
    const lines = documentLines(doc)?.slice(0, 50);
    if (!lines?.length) return 0;
    // Codex lines also have `type` + `timestamp`; only Claude Code lines carry these ids.
    const ccLines = lines.filter((l) => LINE_TYPES.has(String(l.value.type)) && !("payload" in l.value));
    const linked = ccLines.filter((l) => asString(l.value.sessionId) && ("uuid" in l.value || "messageId" in l.value || "leafUuid" in l.value));
    if (linked.some((l) => l.value.type === "user" || l.value.type === "assistant")) return 0.95;
    if (linked.length > 0 || ccLines.some((l) => l.value.type === "summary" && "leafUuid" in l.value)) return 0.6;
    return 0;
  },

  parse(doc) {
    const issues: ParseIssue[] = [];
    const lines = documentLines(doc);
    const conversation = lines?.filter((l) => l.value.type === "user" || l.value.type === "assistant") ?? [];
    if (!lines || conversation.length === 0) {
      return { trajectories: [], issues: [{ severity: "error", message: "Not a Claude Code session: no user/assistant JSONL lines found." }] };
    }
    const isSubagentFile = conversation.every((l) => l.value.isSidechain === true);
    const scope = isSubagentFile ? lines : lines.filter((l) => l.value.isSidechain !== true);
    const thread = buildClaudeThread(selectActiveThread(scope));
    const first = scope.find((l) => asString(l.value.sessionId)) ?? lines[0];
    const agentId = asString(first?.value.agentId);
    if (thread.task === undefined) issues.push({ severity: "warning", message: "No user prompt found; the task description is a placeholder." });
    if (agentId?.startsWith("acompact")) {
      issues.push({ severity: "warning", message: "This is an auto-compaction sidechain: it holds the conversation summary, not a task of its own." });
    }

    const extra: Record<string, unknown> = {
      cwd: firstString(scope, "cwd"),
      gitBranch: firstString(scope, "gitBranch"),
      sessionId: firstString(scope, "sessionId"),
      ...(isSubagentFile ? { isSubagent: true, agentId } : {}),
      ...(thread.models.length > 1 ? { models: thread.models } : {}),
      ...abortSignals(thread),
      ...(thread.localCommands.length ? { localCommands: thread.localCommands } : {}),
      ...(thread.compactSummaries ? { compactions: thread.compactSummaries } : {}),
      ...subagentSummary(lines, isSubagentFile),
      ...titleOf(lines),
    };
    const version = firstString(scope, "version");
    const timestamps = scope.map((l) => asString(l.value.timestamp)).filter((t): t is string => t !== undefined).sort();
    return {
      trajectories: [
        {
          task: { description: thread.task ?? "(no user prompt found in the session)" },
          steps: thread.steps,
          finalAnswer: thread.finalAnswer,
          outcome: { label: "unknown", source: "none" },
          metadata: {
            sourceFormat: "claude-code",
            formatVersion: version,
            agent: { name: "claude-code", version },
            model: thread.models[0],
            sourceId: agentId && isSubagentFile ? `${extra.sessionId ?? ""}/${agentId}` : asString(extra.sessionId),
            startedAt: timestamps[0],
            endedAt: timestamps.at(-1),
            usage: dedupedUsage(scope),
            extra: dropUndefined(extra),
          },
        },
      ],
      issues,
    };
  },
};

function firstString(lines: CcLine[], key: string): string | undefined {
  for (const l of lines) {
    const value = asString(l.value[key]);
    if (value) return value;
  }
  return undefined;
}

/** Interruptions and rejections are abort signals, not an outcome: the label stays unknown. */
function abortSignals(thread: ReturnType<typeof buildClaudeThread>): Record<string, unknown> {
  if (!thread.interruptions && !thread.rejectedToolUses) return {};
  return { userAbort: { interruptions: thread.interruptions, rejectedToolUses: thread.rejectedToolUses } };
}

/** Subagents seen from the parent: inline sidechain lines and agent_progress links to Task calls. */
function subagentSummary(lines: CcLine[], isSubagentFile: boolean): Record<string, unknown> {
  if (isSubagentFile) return {};
  const agents = new Map<string, { agentId: string; toolUseId?: string; inlineLines: number }>();
  for (const l of lines) {
    const data = asRecord(l.value.data);
    const progressAgent = data?.type === "agent_progress" ? asString(data.agentId) : undefined;
    const sidechainAgent = l.value.isSidechain === true ? (asString(l.value.agentId) ?? "sidechain") : undefined;
    const agentId = progressAgent ?? sidechainAgent;
    if (!agentId) continue;
    const entry = agents.get(agentId) ?? { agentId, inlineLines: 0 };
    entry.toolUseId ??= progressAgent ? asString(l.value.parentToolUseID) : undefined;
    if (sidechainAgent) entry.inlineLines++;
    agents.set(agentId, entry);
  }
  return agents.size ? { subagents: [...agents.values()] } : {};
}

function titleOf(lines: CcLine[]): Record<string, unknown> {
  const summary = lines.findLast((l) => l.value.type === "summary" && asString(l.value.summary));
  return summary ? { title: summary.value.summary } : {};
}

/**
 * One API response is written as several lines that repeat the same message.id and usage, so
 * usage is counted once per message.id (taking each field's max, in case later lines carry the
 * final count). inputTokens includes cache reads and writes (as OpenAI prompt_tokens does); cachedTokens = cache reads.
 */
export function dedupedUsage(lines: CcLine[]): TokenUsage | undefined {
  const perMessage = new Map<string, { input: number; creation: number; read: number; output: number }>();
  for (const l of lines) {
    if (l.value.type !== "assistant") continue;
    const usage = asRecord(asRecord(l.value.message)?.usage);
    const id = messageId(l) ?? asString(l.value.requestId) ?? `line-${l.line}`;
    if (!usage) continue;
    const prev = perMessage.get(id) ?? { input: 0, creation: 0, read: 0, output: 0 };
    perMessage.set(id, {
      input: Math.max(prev.input, num(usage.input_tokens)),
      creation: Math.max(prev.creation, num(usage.cache_creation_input_tokens)),
      read: Math.max(prev.read, num(usage.cache_read_input_tokens)),
      output: Math.max(prev.output, num(usage.output_tokens)),
    });
  }
  if (perMessage.size === 0) return undefined;
  let input = 0, read = 0, output = 0;
  for (const u of perMessage.values()) {
    input += u.input + u.creation + u.read;
    read += u.read;
    output += u.output;
  }
  return { inputTokens: input, outputTokens: output, cachedTokens: read };
}

function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

// LangSmith runs (FORMATS.md §5.2): ingest payloads {post, patch}, run trees with child_runs, run
// lists and {runs: [...]}; also one payload or run per JSONL line. Runs group by trace_id into
// trajectories, ordered by dotted_order; llm runs are LLM calls, tool runs their observations
// (spans/langsmith-runs.ts); root-run feedback gives a judge outcome (spans/scores.ts).
import { collectRuns, isIngestPayload, isRun, runNode } from "./spans/langsmith-runs";
import { outcomeFromScores, type ScoreRecord } from "./spans/scores";
import { groupByTrace } from "./spans/span-node";
import { spanTrajectory } from "./spans/span-trajectory";
import { isRecord, num, str, type Dict } from "./spans/values";
import { guardedFormat } from "./guarded-format";
import type { FormatParser, ParseIssue, ParseOutput, SourceDocument } from "./types";

const FORMAT_ID = "langsmith";

function detectValue(value: unknown): number {
  if (isIngestPayload(value)) return 0.95;
  if (isRun(value)) return 0.9;
  if (isRecord(value) && Array.isArray(value.runs)) return value.runs.slice(0, 3).some(isRun) ? 0.9 : 0;
  if (Array.isArray(value)) return value.slice(0, 3).some((item) => isRun(item) || isIngestPayload(item)) ? 0.9 : 0;
  return 0;
}

function detect(doc: SourceDocument): number {
  if (doc.json !== undefined) return detectValue(doc.json);
  const lines = doc.jsonl?.slice(0, 3) ?? [];
  return lines.length > 0 && lines.every((line) => detectValue(line.value) > 0) ? 0.85 : 0;
}

/** Feedback on the root run: `feedback_stats` {key: {avg, n}} or a `feedback` list {key, score, value, comment}. */
function feedbackScores(run: Dict | undefined): ScoreRecord[] {
  if (!run) return [];
  const scores: ScoreRecord[] = [];
  if (isRecord(run.feedback_stats)) {
    for (const [name, stats] of Object.entries(run.feedback_stats)) {
      const avg = isRecord(stats) ? num(stats.avg) : num(stats);
      if (avg !== undefined) scores.push({ name, value: avg, dataType: "NUMERIC", source: "FEEDBACK" });
    }
  }
  if (Array.isArray(run.feedback)) {
    for (const item of run.feedback.filter(isRecord)) {
      const name = str(item.key);
      const value = item.score ?? item.value;
      if (!name) continue;
      scores.push({
        name,
        ...(typeof value === "number" || typeof value === "string" || typeof value === "boolean" ? { value } : {}),
        ...(typeof value === "boolean" ? { dataType: "BOOLEAN" } : {}),
        source: "FEEDBACK",
        ...(str(item.comment) ? { comment: str(item.comment) } : {}),
      });
    }
  }
  return scores;
}

function parseDocument(doc: SourceDocument): ParseOutput {
  const value = doc.json !== undefined ? doc.json : doc.jsonl?.map((line) => line.value);
  if (value === undefined) return { trajectories: [], issues: [{ severity: "error", message: "Not JSON: expected LangSmith runs." }] };
  const { runs, orphanPatches } = collectRuns(value);
  if (runs.length === 0) {
    return { trajectories: [], issues: [{ severity: "error", message: "No LangSmith runs found (expected {post, patch} payloads, runs with run_type, or child_runs trees)." }] };
  }
  const issues: ParseIssue[] = [];
  if (orphanPatches > 0) issues.push({ severity: "warning", message: `${orphanPatches} run update(s) had no matching run create; kept as partial runs.` });
  const nodes = runs.map(runNode);
  const trajectories = [...groupByTrace(nodes).entries()].map(([traceId, group]) => {
    const root = group.find((node) => node.id === traceId) ?? group.find((node) => !node.parentId);
    const rootRun = root && isRecord(root.raw) ? root.raw : undefined;
    const metadata = rootRun && isRecord(rootRun.extra) && isRecord(rootRun.extra.metadata) ? rootRun.extra.metadata : undefined;
    const tags = rootRun && Array.isArray(rootRun.tags) && rootRun.tags.length > 0 ? rootRun.tags : undefined;
    const built = spanTrajectory({
      sourceFormat: FORMAT_ID,
      traceId: traceId || undefined,
      nodes: group,
      outcome: outcomeFromScores(feedbackScores(rootRun)),
      extra: {
        ...(str(rootRun?.session_name) ? { project: str(rootRun?.session_name) } : {}),
        ...(tags ? { tags } : {}),
        ...(metadata ? { runMetadata: metadata } : {}),
      },
      path: traceId ? `trace ${traceId}` : undefined,
    });
    issues.push(...built.issues);
    return built.trajectory;
  });
  return { trajectories, issues };
}

export const langsmithFormat: FormatParser = guardedFormat({
  id: FORMAT_ID,
  label: "LangSmith runs (ingest payloads, run trees)",
  reading: "the LangSmith runs",
  detect,
  parse: parseDocument,
});

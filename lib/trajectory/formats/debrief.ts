// Debrief's own trajectory JSON: the normalized model itself, for agents that write it directly
// (JSON Schema at /api/v1/schema/trajectory.json). A file holds one trajectory, an array of them,
// `{ "trajectories": [...] }`, or JSON Lines with one trajectory per line.
import { normalizedTrajectorySchema, type NormalizedTrajectoryInput } from "../schema";
import type { FormatParser, ParseIssue, SourceDocument } from "./types";

export const DEBRIEF_FORMAT_ID = "debrief";

function isTrajectoryShaped(value: unknown): boolean {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  const task = record.task as Record<string, unknown> | undefined;
  return typeof task?.description === "string" && Array.isArray(record.steps) &&
    (record.steps.length === 0 || typeof (record.steps[0] as Record<string, unknown> | undefined)?.kind === "string");
}

function candidates(doc: SourceDocument): { value: unknown; path: string; line?: number }[] {
  if (doc.jsonl) return doc.jsonl.map(({ value, line }) => ({ value, path: "$", line }));
  const json = doc.json as Record<string, unknown> | unknown[] | undefined;
  if (Array.isArray(json)) return json.map((value, i) => ({ value, path: `$[${i}]` }));
  if (json && Array.isArray((json as Record<string, unknown>).trajectories)) {
    return ((json as Record<string, unknown>).trajectories as unknown[]).map((value, i) => ({ value, path: `$.trajectories[${i}]` }));
  }
  return json === undefined ? [] : [{ value: json, path: "$" }];
}

/** Parses one Debrief trajectory value; the zod issues become ParseIssues with JSON paths. */
export function parseDebriefTrajectory(value: unknown, where: { path: string; line?: number }) {
  const parsed = normalizedTrajectorySchema.safeParse(value);
  if (parsed.success) return { trajectory: parsed.data as NormalizedTrajectoryInput, issues: [] as ParseIssue[] };
  const issues: ParseIssue[] = parsed.error.issues.slice(0, 5).map((issue) => ({
    severity: "error",
    message: issue.message,
    path: [where.path, ...issue.path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`))].join(""),
    line: where.line,
  }));
  return { trajectory: null, issues };
}

export const debriefFormat: FormatParser = {
  id: DEBRIEF_FORMAT_ID,
  label: "Debrief trajectory JSON",
  detect(doc) {
    const items = candidates(doc);
    if (items.length === 0) return 0;
    return isTrajectoryShaped(items[0]!.value) ? 0.95 : 0;
  },
  parse(doc) {
    const trajectories: NormalizedTrajectoryInput[] = [];
    const issues: ParseIssue[] = [];
    for (const item of candidates(doc)) {
      const result = parseDebriefTrajectory(item.value, item);
      if (result.trajectory) trajectories.push({ ...result.trajectory, metadata: { ...result.trajectory.metadata, sourceFormat: result.trajectory.metadata.sourceFormat || DEBRIEF_FORMAT_ID } });
      issues.push(...result.issues);
    }
    if (trajectories.length === 0 && issues.length === 0) issues.push({ severity: "error", message: "No trajectory found." });
    return { trajectories, issues };
  },
};

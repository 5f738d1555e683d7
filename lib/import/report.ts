import type { ParseIssue } from "../trajectory/formats/types";

/** What happened to one file. `duplicate`: every trajectory in it was already stored. */
export interface FileReport {
  file: string;
  status: "imported" | "duplicate" | "failed" | "outcomes";
  format: string | null;
  trajectories: { id: string; format: string; steps: number; isDuplicate: boolean; task: string; outcome: string }[];
  error?: string;
  line?: number;
  path?: string;
  /** Problems in a file that still imported (skipped records, odd lines), with where they were. */
  warnings?: string[];
  /** For outcome files: how many trajectories got their label from it. */
  outcomesApplied?: number;
  /** Outcome keys that matched trajectories of this file (internal bookkeeping, also useful to show). */
  matchedOutcomeKeys?: string[];
}

/** The CLI's `--json` shape, plus the per-file reports. */
export interface ImportReport {
  imported: number;
  duplicates: number;
  failed: { file: string; error: string; format?: string | null; line?: number; path?: string }[];
  trajectories: { id: string; format: string; steps: number; file: string; isDuplicate: boolean }[];
  files: FileReport[];
}

export function summarize(files: FileReport[]): ImportReport {
  const trajectories = files.flatMap((report) => report.trajectories.map((t) => ({ id: t.id, format: t.format, steps: t.steps, file: report.file, isDuplicate: t.isDuplicate })));
  return {
    imported: trajectories.filter((t) => !t.isDuplicate).length,
    duplicates: trajectories.filter((t) => t.isDuplicate).length,
    failed: files
      .filter((report) => report.status === "failed")
      .map(({ file, error, format, line, path }) => ({ file, error: error ?? "Import failed.", format, line, path })),
    trajectories,
    files,
  };
}

/** One error line from a parser's issues: the first error, with where it was. */
export function failureFromIssues(issues: ParseIssue[], formatLabel?: string): { error: string; line?: number; path?: string } {
  const first = issues.find((issue) => issue.severity === "error") ?? issues[0];
  if (!first) return { error: "Nothing could be imported from this file." };
  const where = [first.line ? `line ${first.line}` : null, first.path ?? null].filter(Boolean).join(", ");
  const prefix = formatLabel ? `${formatLabel}: ` : "";
  return { error: `${prefix}${first.message}${where ? ` (${where})` : ""}`, line: first.line, path: first.path };
}

/** "line 3: Required (at $.steps)" — an issue with its location, for warnings lists. */
export function describeIssue(issue: ParseIssue): string {
  const where = [issue.line ? `line ${issue.line}` : null, issue.path ?? null].filter(Boolean).join(", ");
  return `${where ? `${where}: ` : ""}${issue.message}${issue.severity === "error" ? " (skipped)" : ""}`;
}

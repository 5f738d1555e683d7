// The one import use-case behind the Upload page, POST /api/v1/trajectories and the CLI:
// files (zips expanded) → decoded → outcome files read first → every other file parsed,
// outcomes attached, trajectories saved (duplicates recognised). A bad file fails alone.
import { findTrajectoriesByExternalIds, improveOutcome, saveTrajectory } from "../db/trajectories";
import { createUpload, finishUpload } from "../db/uploads";
import { AppError } from "../errors";
import { decodeText } from "../trajectory/decode";
import type { OutcomeRecord, SourceDocument } from "../trajectory/formats/types";
import { detectFormats } from "../trajectory/formats/registry";
import { findOutcome, mergeOutcome, outcomeKeys } from "../trajectory/outcomes/attach";
import { detectOutcomeFile } from "../trajectory/outcomes/registry";
import { parseDocument } from "../trajectory/parse";
import { toSourceDocument } from "../trajectory/sniff";
import { sha256, trajectoryContentHash } from "./content-hash";
import { expandArchives, type FileFailure, type ImportFile } from "./expand-archives";
import { describeIssue, failureFromIssues, type FileReport, type ImportReport, summarize } from "./report";
import { batchTooLargeMessage, fileTooLargeMessage, importLimitsFromEnv, type ImportLimits } from "./limits";

export interface ImportOptions {
  projectId: string;
  /** Force a format instead of detecting it (applies to every trajectory file of the batch). */
  format?: string;
  limits?: ImportLimits;
  /** Called as each file finishes, for progress streams. */
  onFile?: (report: FileReport) => void;
  /** Extra metadata for the trajectories of a file (e.g. a sample's licence), merged into metadata.extra. */
  annotate?: (fileName: string) => Record<string, unknown> | undefined;
}

export async function importFiles(files: ImportFile[], options: ImportOptions): Promise<ImportReport> {
  const limits = options.limits ?? importLimitsFromEnv();
  if (files.length > limits.maxFiles) {
    throw new AppError("PAYLOAD_TOO_LARGE", {
      userMessage: `${files.length} files is over the ${limits.maxFiles} files per batch limit (IMPORT_MAX_FILES). Split the batch.`,
    });
  }
  const reports: FileReport[] = [];
  const emit = (report: FileReport) => {
    reports.push(report);
    options.onFile?.(report);
  };
  const fail = (failure: FileFailure) => emit({ file: failure.file, status: "failed", format: failure.format ?? null, trajectories: [], error: failure.error, line: failure.line, path: failure.path });

  const sized = files.filter((file) => {
    const isArchive = file.name.toLowerCase().endsWith(".zip");
    if (!isArchive && file.bytes.length > limits.maxFileBytes) fail({ file: file.name, error: fileTooLargeMessage(file.bytes.length, limits) });
    return isArchive || file.bytes.length <= limits.maxFileBytes;
  });
  const expanded = expandArchives(sized, limits);
  expanded.failures.forEach(fail);
  const withinBatch = takeWithinBudget(expanded.files, limits, fail);

  const { outcomeFiles, trajectoryFiles } = classify(withinBatch, options.format, fail);
  const outcomes: OutcomeRecord[] = [];
  for (const { file, records } of outcomeFiles) {
    outcomes.push(...records.outcomes);
    await recordOutcomeFile(file, records.parserId, options.projectId);
  }
  const touched = new Set<string>();
  for (const { file, doc } of trajectoryFiles) {
    emit(await importTrajectoryFile(file, doc, outcomes, options, touched));
  }
  for (const { file, records } of outcomeFiles) {
    const applied = await applyToStored(records.outcomes, options.projectId, touched);
    emit({ file: file.name, status: "outcomes", format: records.parserId, trajectories: [], outcomesApplied: applied + records.appliedInBatch(reports) });
  }
  return summarize(reports);
}

function takeWithinBudget(files: ImportFile[], limits: ImportLimits, fail: (f: FileFailure) => void): ImportFile[] {
  const batchBytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
  let accepted = 0;
  return files.filter((file) => {
    accepted += file.bytes.length;
    if (accepted <= limits.maxBatchBytes) return true;
    fail({ file: file.name, error: batchTooLargeMessage(batchBytes, limits) });
    return false;
  });
}

interface ClassifiedOutcomeFile {
  file: ImportFile;
  records: { parserId: string; outcomes: OutcomeRecord[]; appliedInBatch: (reports: FileReport[]) => number };
}

function classify(files: ImportFile[], forcedFormat: string | undefined, fail: (f: FileFailure) => void) {
  const outcomeFiles: ClassifiedOutcomeFile[] = [];
  const trajectoryFiles: { file: ImportFile; doc: SourceDocument }[] = [];
  for (const file of files) {
    const decoded = decodeText(file.bytes);
    if (!decoded.ok) {
      fail({ file: file.name, error: decoded.error });
      continue;
    }
    const doc = toSourceDocument(file.name, decoded.text);
    const outcome = forcedFormat ? undefined : detectOutcomeFile(doc);
    const trajectoryScore = outcome ? (detectFormats(doc)[0]?.score ?? 0) : 1;
    if (outcome && outcome.score >= 0.5 && outcome.score > trajectoryScore) {
      const parsed = outcome.parser.parse(doc);
      if (parsed.outcomes.length === 0) {
        fail({ file: file.name, format: outcome.parser.id, ...failureFromIssues(parsed.issues, outcome.parser.label) });
        continue;
      }
      const keys = new Set(parsed.outcomes.map((record) => record.key));
      outcomeFiles.push({
        file,
        records: {
          parserId: outcome.parser.id,
          outcomes: parsed.outcomes,
          appliedInBatch: (reports) => reports.filter((r) => r.status === "imported" && r.matchedOutcomeKeys?.some((k) => keys.has(k))).length,
        },
      });
    } else {
      trajectoryFiles.push({ file, doc });
    }
  }
  return { outcomeFiles, trajectoryFiles };
}

async function importTrajectoryFile(
  file: ImportFile,
  doc: SourceDocument,
  outcomes: OutcomeRecord[],
  options: ImportOptions,
  touched: Set<string>,
): Promise<FileReport> {
  const upload = await createUpload({ projectId: options.projectId, fileName: file.name, sizeBytes: file.bytes.length, sha256: sha256(file.bytes), content: file.bytes });
  const parsed = parseDocument(doc, { format: options.format });
  if (parsed.trajectories.length === 0) {
    const failure = failureFromIssues(parsed.issues, parsed.format ?? undefined);
    await finishUpload({ id: upload.id, status: "failed", detectedFormat: parsed.format, error: failure.error, result: { issues: parsed.issues.slice(0, 20) } as object });
    return { file: file.name, status: "failed", format: parsed.format, trajectories: [], ...failure };
  }
  const trajectories: FileReport["trajectories"] = [];
  const matchedOutcomeKeys: string[] = [];
  const annotation = options.annotate?.(file.name);
  for (const parsedTrajectory of parsed.trajectories) {
    const trajectory = annotation
      ? { ...parsedTrajectory, metadata: { ...parsedTrajectory.metadata, extra: { ...parsedTrajectory.metadata.extra, ...annotation } } }
      : parsedTrajectory;
    const match = findOutcome(outcomes, outcomeKeys(trajectory, file.name));
    if (match) matchedOutcomeKeys.push(match.key);
    const withOutcome = match ? { ...trajectory, outcome: mergeOutcome(trajectory.outcome, match.outcome) } : trajectory;
    const saved = await saveTrajectory({ projectId: options.projectId, uploadId: upload.id, trajectory: withOutcome, contentHash: trajectoryContentHash(withOutcome) });
    touched.add(saved.id);
    trajectories.push({ id: saved.id, format: parsed.format!, steps: withOutcome.steps.length, isDuplicate: saved.isDuplicate, task: withOutcome.task.description.slice(0, 200), outcome: withOutcome.outcome.label });
  }
  const isAllDuplicates = trajectories.every((t) => t.isDuplicate);
  await finishUpload({ id: upload.id, status: "imported", detectedFormat: parsed.format, error: null, result: { trajectories, issues: parsed.issues.slice(0, 20) } as object });
  return { file: file.name, status: isAllDuplicates ? "duplicate" : "imported", format: parsed.format, trajectories, warnings: parsed.issues.map(describeIssue), matchedOutcomeKeys };
}

async function recordOutcomeFile(file: ImportFile, parserId: string, projectId: string): Promise<void> {
  const upload = await createUpload({ projectId, fileName: file.name, sizeBytes: file.bytes.length, sha256: sha256(file.bytes), content: file.bytes });
  await finishUpload({ id: upload.id, status: "imported", detectedFormat: parserId, error: null, result: { kind: "outcomes" } });
}

/** Outcome files also label trajectories imported earlier (matched by their task id). */
async function applyToStored(records: OutcomeRecord[], projectId: string, touched: Set<string>): Promise<number> {
  const stored = await findTrajectoriesByExternalIds({ projectId, keys: records.map((r) => r.key) });
  let applied = 0;
  for (const row of stored) {
    if (touched.has(row.id)) continue;
    const record = records.find((r) => r.key === row.externalId);
    if (record && (await improveOutcome(row.id, record.outcome))) applied++;
  }
  return applied;
}

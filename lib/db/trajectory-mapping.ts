// NormalizedTrajectory ⇄ database rows. Steps are stored column by column (queryable) plus the
// provider `raw`, trimmed when one step's raw data is huge (the original file is kept in Upload).
import type { NormalizedTrajectory, Step } from "../trajectory/schema";
import { binaryPlaceholder } from "../trajectory/normalize/content";
import type { Prisma, TrajectoryStep } from "./generated/client";

/** Raw data of one step above this many characters of JSON is stored as a preview. */
export const MAX_RAW_STEP_CHARS = 256 * 1024;

export function toTrajectoryData(
  trajectory: NormalizedTrajectory,
  { projectId, uploadId, contentHash }: { projectId: string; uploadId: string | null; contentHash: string },
): Prisma.TrajectoryUncheckedCreateInput {
  const { task, outcome, metadata } = trajectory;
  const usage = metadata.usage;
  const tokenCount = usage ? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0) || null : null;
  return {
    projectId,
    uploadId,
    contentHash,
    externalId: task.id ?? null,
    sourceFormat: metadata.sourceFormat,
    taskDescription: clean(task.description),
    applications: task.applications,
    taskCategory: task.category ?? null,
    outcomeLabel: outcome.label,
    outcomeSource: outcome.source,
    outcomeScore: outcome.score ?? null,
    outcomeDetails: (outcome.details ? trimRaw(outcome.details) : undefined) as Prisma.InputJsonValue | undefined,
    finalAnswer: clean(trajectory.finalAnswer ?? null),
    metadata: trimRaw({ ...metadata, task: { split: task.split, difficulty: task.difficulty } }) as Prisma.InputJsonValue,
    stepCount: trajectory.steps.length,
    errorCount: trajectory.steps.filter((step) => step.isError).length,
    tokenCount,
    startedAt: toDate(metadata.startedAt),
    endedAt: toDate(metadata.endedAt),
  };
}

export function toStepRows(steps: Step[]): Omit<Prisma.TrajectoryStepCreateManyInput, "trajectoryId">[] {
  return steps.map((step) => ({
    index: step.index,
    kind: step.kind,
    thought: clean(step.thought ?? null),
    actionKind: step.kind === "tool_call" ? "tool" : step.kind === "code" ? "code" : step.kind === "message" ? "message" : null,
    actionName: step.kind === "tool_call" ? step.name : step.kind === "code" ? (step.language ?? null) : step.kind === "message" ? step.role : null,
    actionArgs: step.kind === "tool_call" && step.arguments !== undefined ? (trimRaw(step.arguments) as Prisma.InputJsonValue) : undefined,
    code: step.kind === "code" ? clean(step.code) : null,
    text: step.kind === "message" ? clean(step.text) : null,
    callId: step.kind === "tool_call" ? (step.callId ?? null) : null,
    sourceType: step.kind === "unknown" ? (step.sourceType ?? null) : null,
    observation: clean(step.observation ?? null),
    isError: step.isError,
    errorMessage: clean(step.errorMessage ?? null),
    model: step.model ?? null,
    durationMs: step.durationMs ?? null,
    timestamp: toDate(step.timestamp),
    tokens: (step.tokens ?? undefined) as Prisma.InputJsonValue | undefined,
    raw: step.raw === undefined ? undefined : (trimRaw(step.raw) as Prisma.InputJsonValue),
  }));
}

/** Rebuilds a normalized step from its row (for the viewer and the pipeline). */
export function fromStepRow(row: TrajectoryStep): Step {
  const base = {
    index: row.index,
    thought: row.thought ?? undefined,
    observation: row.observation ?? undefined,
    isError: row.isError,
    errorMessage: row.errorMessage ?? undefined,
    timestamp: row.timestamp?.toISOString(),
    durationMs: row.durationMs ?? undefined,
    tokens: (row.tokens ?? undefined) as Step["tokens"],
    model: row.model ?? undefined,
    raw: row.raw ?? undefined,
  };
  switch (row.kind) {
    case "tool_call":
      return { ...base, kind: "tool_call", name: row.actionName ?? "", arguments: row.actionArgs ?? undefined, callId: row.callId ?? undefined };
    case "code":
      return { ...base, kind: "code", code: row.code ?? "", language: row.actionName ?? undefined };
    case "message":
      return { ...base, kind: "message", role: (row.actionName ?? "assistant") as "assistant", text: row.text ?? "" };
    default:
      return { ...base, kind: "unknown", sourceType: row.sourceType ?? undefined };
  }
}

const BASE64_BLOB = /^(?:data:([\w/+.-]+);base64,)?[A-Za-z0-9+/=\r\n]{2048,}$/;

/**
 * Postgres text and jsonb cannot hold NUL characters; real logs sometimes contain them. Inline
 * base64 payloads (screenshots, images) become a placeholder with their size: the original file
 * keeps them, the database and every prompt built from it do not.
 */
function withoutNul(value: unknown): unknown {
  if (typeof value === "string") {
    const blob = value.length >= 2048 ? BASE64_BLOB.exec(value) : null;
    if (blob) return binaryPlaceholder(blob[1] ?? "base64", value.length);
    return value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
  }
  if (typeof value === "bigint") return value.toString();
  return value;
}

function clean<T extends string | null>(text: T): T {
  return (text === null ? null : withoutNul(text)) as T;
}

function trimRaw(raw: unknown): unknown {
  const json = JSON.stringify(raw, (_key, value: unknown) => withoutNul(value));
  if (json === undefined || json.length <= MAX_RAW_STEP_CHARS) return raw === undefined ? undefined : JSON.parse(json ?? "null");
  return { trimmed: true, originalChars: json.length, preview: json.slice(0, 16 * 1024), note: "The full record is in the uploaded file." };
}

function toDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

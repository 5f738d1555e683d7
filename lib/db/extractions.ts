// Extraction runs: one row per trajectory per run, with what it found and what it cost.
import type { Prisma } from "./generated/client";
import { getDb } from "./client";

export async function createExtraction(input: {
  projectId: string;
  trajectoryId: string;
  jobId: string | null;
  granularity: string;
  extractor: "llm" | "heuristic";
}) {
  return getDb().extraction.create({ data: { ...input, status: "running" }, select: { id: true } });
}

export async function finishExtraction({
  id,
  ...data
}: {
  id: string;
  status: "succeeded" | "failed";
  analysis?: Prisma.InputJsonValue;
  outcomeCategory?: string | null;
  outcomeInferred?: boolean;
  attribution?: Prisma.InputJsonValue;
  subtasks?: Prisma.InputJsonValue;
  issues?: Prisma.InputJsonValue;
  llmCalls?: number;
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number | null;
  error?: string | null;
}) {
  await getDb().extraction.update({ where: { id }, data: { ...data, finishedAt: new Date() } });
}

/** Active trajectories of a project (optionally only the given ids), oldest first. */
export async function listTrajectoryIdsForExtraction({ projectId, trajectoryIds }: { projectId: string; trajectoryIds?: string[] }) {
  const rows = await getDb().trajectory.findMany({
    where: { projectId, state: "active", ...(trajectoryIds?.length && { id: { in: trajectoryIds } }) },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** Trajectories a job has already extracted: a resumed run skips them instead of running them again. */
export async function listExtractedTrajectoryIds({ jobId }: { jobId: string }): Promise<Set<string>> {
  const rows = await getDb().extraction.findMany({ where: { jobId, status: "succeeded" }, select: { trajectoryId: true } });
  return new Set(rows.map((row) => row.trajectoryId));
}

/** Runs a dead worker left "running" for this job; marked failed so none stays running for ever. */
export async function failInterruptedExtractions({ jobId, error }: { jobId: string; error: string }): Promise<number> {
  const { count } = await getDb().extraction.updateMany({ where: { jobId, status: "running" }, data: { status: "failed", error, finishedAt: new Date() } });
  return count;
}

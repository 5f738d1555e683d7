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

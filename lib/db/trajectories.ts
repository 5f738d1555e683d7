// Writing trajectories: create with steps, or recognise a duplicate by content hash.
import type { Outcome, NormalizedTrajectory } from "../trajectory/schema";
import { mergeOutcome } from "../trajectory/outcomes/attach";
import { getDb } from "./client";
import { Prisma } from "./generated/client";
import { toStepRows, toTrajectoryData } from "./trajectory-mapping";

export interface SavedTrajectory {
  id: string;
  isDuplicate: boolean;
  /** True when a duplicate's outcome was improved by this import (e.g. a verifier report arrived). */
  isOutcomeUpdated: boolean;
}

export async function saveTrajectory({
  projectId,
  uploadId,
  trajectory,
  contentHash,
}: {
  projectId: string;
  uploadId: string | null;
  trajectory: NormalizedTrajectory;
  contentHash: string;
}): Promise<SavedTrajectory> {
  const db = getDb();
  const existing = await findByContentHash({ projectId, contentHash });
  if (existing) return { id: existing.id, isDuplicate: true, isOutcomeUpdated: await improveOutcome(existing.id, trajectory.outcome) };
  try {
    const created = await db.trajectory.create({
      data: {
        ...toTrajectoryData(trajectory, { projectId, uploadId, contentHash }),
        steps: { createMany: { data: toStepRows(trajectory.steps) } },
      },
      select: { id: true },
    });
    return { id: created.id, isDuplicate: false, isOutcomeUpdated: false };
  } catch (error) {
    // Two imports of the same content at once: the unique index decides, the loser is a duplicate.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const winner = await findByContentHash({ projectId, contentHash });
      if (winner) return { id: winner.id, isDuplicate: true, isOutcomeUpdated: false };
    }
    throw error;
  }
}

async function findByContentHash({ projectId, contentHash }: { projectId: string; contentHash: string }) {
  return getDb().trajectory.findUnique({ where: { projectId_contentHash: { projectId, contentHash } }, select: { id: true } });
}

/** Applies an outcome to a stored trajectory when it is stronger than the one it has. */
export async function improveOutcome(id: string, incoming: Outcome): Promise<boolean> {
  if (incoming.source === "none") return false;
  const db = getDb();
  const row = await db.trajectory.findUnique({
    where: { id },
    select: { outcomeLabel: true, outcomeSource: true, outcomeScore: true, outcomeDetails: true },
  });
  if (!row) return false;
  const current: Outcome = {
    label: row.outcomeLabel,
    source: row.outcomeSource,
    score: row.outcomeScore ?? undefined,
    details: (row.outcomeDetails as Record<string, unknown> | null) ?? undefined,
  };
  const merged = mergeOutcome(current, incoming);
  if (merged === current) return false;
  await db.trajectory.update({
    where: { id },
    data: {
      outcomeLabel: merged.label,
      outcomeSource: merged.source,
      outcomeScore: merged.score ?? null,
      outcomeDetails: (merged.details ?? Prisma.DbNull) as Prisma.InputJsonValue,
    },
  });
  return true;
}

/** Stored trajectories of a project whose external id is one of `keys` (for outcome files). */
export async function findTrajectoriesByExternalIds({ projectId, keys }: { projectId: string; keys: string[] }) {
  if (keys.length === 0) return [];
  return getDb().trajectory.findMany({
    where: { projectId, externalId: { in: keys } },
    select: { id: true, externalId: true },
  });
}

export type { NormalizedTrajectory };

// Tips as retrieval reads them: what the index embeds, the fields a retrieved tip shows, and the
// application / category vocabulary LLM-guided selection chooses from.
import { getDb } from "./client";
import { Prisma, type TipStatus } from "./generated/client";

/** Statuses that can ever be retrieved ("proposed" only where a project allows it); the index covers both. */
export const INDEXED_TIP_STATUSES: TipStatus[] = ["approved", "proposed"];

/** One page (by id) of a project's indexable tips with their cluster, for (re)indexing. */
export async function listTipsForIndexing({ projectId, tipIds, afterId, take }: { projectId: string; tipIds?: string[]; afterId?: string; take: number }) {
  return getDb().tip.findMany({
    where: {
      projectId,
      status: { in: INDEXED_TIP_STATUSES },
      ...(tipIds && { id: { in: tipIds } }),
      ...(afterId && { id: { gt: afterId } }),
    },
    select: {
      id: true,
      projectId: true,
      content: true,
      purpose: true,
      granularity: true,
      indexDescription: true,
      cluster: { select: { canonicalDescription: true, state: true } },
    },
    orderBy: { id: "asc" },
    take,
  });
}
export type TipForIndexing = Awaited<ReturnType<typeof listTipsForIndexing>>[number];

/** The fields a retrieval returns, for the candidate ids of one project. */
export async function listRetrievalTips({ projectId, ids }: { projectId: string; ids: string[] }) {
  if (ids.length === 0) return [];
  return getDb().tip.findMany({
    where: { projectId, id: { in: ids } },
    select: {
      id: true,
      status: true,
      category: true,
      priority: true,
      granularity: true,
      content: true,
      purpose: true,
      steps: true,
      trigger: true,
      negativeExample: true,
      application: true,
      taskCategory: true,
      indexDescription: true,
      clusterId: true,
    },
  });
}
export type RetrievalTipRow = Awaited<ReturnType<typeof listRetrievalTips>>[number];

/** Distinct applications and task categories of a project's tips in some statuses (most used first). */
export async function listTipVocabulary({ projectId, statuses }: { projectId: string; statuses: TipStatus[] }): Promise<{ applications: string[]; taskCategories: string[] }> {
  const db = getDb();
  const where = { projectId, status: { in: statuses } };
  const [applications, categories] = await Promise.all([
    db.tip.groupBy({ by: ["application"], where: { ...where, application: { not: null } }, _count: { _all: true } }),
    db.tip.groupBy({ by: ["taskCategory"], where: { ...where, taskCategory: { not: null } }, _count: { _all: true } }),
  ]);
  const names = <T extends { _count: { _all: number } }>(rows: T[], key: (row: T) => string | null) =>
    rows
      .sort((a, b) => b._count._all - a._count._all)
      .map(key)
      .filter((value): value is string => Boolean(value?.trim()));
  return { applications: names(applications, (row) => row.application), taskCategories: names(categories, (row) => row.taskCategory) };
}

/** How many of a project's tips in some statuses have a "tip_index" vector under a model (for the Retrieval page). */
export async function countIndexedTips({ projectId, model, statuses }: { projectId: string; model: string; statuses: TipStatus[] }): Promise<{ tips: number; indexed: number }> {
  const [row] = await getDb().$queryRaw<{ tips: number; indexed: number }[]>`
    SELECT count(*)::int AS "tips", count(e."id")::int AS "indexed"
    FROM "Tip" t
    LEFT JOIN "Embedding" e ON e."ownerType" = 'tip_index' AND e."model" = ${model} AND e."ownerId" = t."id"::text
    WHERE t."projectId" = ${projectId}::uuid AND t."status"::text IN (${Prisma.join(statuses)})`;
  return row ?? { tips: 0, indexed: 0 };
}

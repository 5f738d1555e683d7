// The retrieval log (every retrieval: task, settings, scored tips, strategy used, latency), the
// outcome an agent reports for one, and the per-tip counts the feedback statistics are made of
// (definitions in lib/retrieval/stats.ts).
import { getDb } from "./client";
import { Prisma } from "./generated/client";
import { EMPTY_OUTCOME_COUNTS, type TipOutcomeCounts } from "../retrieval/stats";

export interface NewRetrievalLog {
  id: string;
  projectId: string;
  source: string;
  task: string;
  strategy: string;
  requestedStrategy: string;
  fallbackReason: string | null;
  threshold: number;
  topK: number | null;
  settings: Prisma.InputJsonValue;
  results: Prisma.InputJsonValue;
  tipIds: string[];
  injectedTipIds: string[];
  /** Lowercased, distinct. */
  applications: string[];
  apiKeyId: string | null;
  latencyMs: number;
}

export async function createRetrievalLog(log: NewRetrievalLog): Promise<void> {
  await getDb().retrievalLog.create({ data: log });
}

export async function getRetrievalLog({ id }: { id: string }) {
  return getDb().retrievalLog.findUnique({ where: { id }, include: { outcome: true } });
}

/** The newest retrievals of a project (the Retrieval page's history). */
export async function listRetrievalLogs({ projectId, limit = 20 }: { projectId: string; limit?: number }) {
  return getDb().retrievalLog.findMany({
    where: { projectId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(limit, 1), 200),
    include: { outcome: { select: { success: true, score: true, createdAt: true } } },
  });
}

/** Records (or replaces) the outcome of one retrieval; `replaced` says whether one existed. */
export async function saveOutcomeReport(report: {
  projectId: string;
  retrievalLogId: string;
  success: boolean;
  score: number | null;
  notes: string | null;
  tipIds: string[];
}): Promise<{ replaced: boolean }> {
  return getDb().$transaction(async (tx) => {
    const existing = await tx.outcomeReport.findUnique({ where: { retrievalLogId: report.retrievalLogId }, select: { id: true } });
    const data = { success: report.success, score: report.score, notes: report.notes, tipIds: report.tipIds };
    if (existing) await tx.outcomeReport.update({ where: { id: existing.id }, data: { ...data, createdAt: new Date() } });
    else await tx.outcomeReport.create({ data: { projectId: report.projectId, retrievalLogId: report.retrievalLogId, ...data } });
    return { replaced: Boolean(existing) };
  });
}

/**
 * Per tip: times retrieved and injected, outcomes when injected, and outcomes of comparable runs
 * without it (same project, the tip's application in the run's scope, the tip not injected).
 * "Without" is the scope's total minus the tip's own injected runs in that scope.
 */
export async function countTipOutcomes({ projectId, tips }: { projectId: string; tips: { id: string; application: string | null }[] }): Promise<Map<string, TipOutcomeCounts>> {
  const result = new Map(tips.map((tip) => [tip.id, { ...EMPTY_OUTCOME_COUNTS }]));
  if (tips.length === 0) return result;
  const db = getDb();
  if (!(await db.retrievalLog.findFirst({ where: { projectId }, select: { id: true } }))) return result;
  const scoped = tips.map((tip) => ({ id: tip.id, app: tip.application?.trim().toLowerCase() || null }));
  const values = Prisma.join(scoped.map((tip) => Prisma.sql`(${tip.id}::text, ${tip.app}::text)`));
  const [retrieved, injected] = await Promise.all([
    db.$queryRaw<{ tipId: string; count: number }[]>`
      WITH tips("id") AS (VALUES ${Prisma.join(scoped.map((tip) => Prisma.sql`(${tip.id}::text)`))})
      SELECT tips."id" AS "tipId", count(*)::int AS "count"
      FROM tips JOIN "RetrievalLog" l ON l."projectId" = ${projectId}::uuid AND l."tipIds" @> ARRAY[tips."id"]
      GROUP BY tips."id"`,
    db.$queryRaw<{ tipId: string; injected: number; outcomes: number; successes: number; inScope: number; inScopeSuccesses: number }[]>`
      WITH tips("id", "app") AS (VALUES ${values})
      SELECT tips."id" AS "tipId",
        count(l."id")::int AS "injected",
        count(o."id")::int AS "outcomes",
        count(o."id") FILTER (WHERE o."success")::int AS "successes",
        count(o."id") FILTER (WHERE tips."app" IS NULL OR tips."app" = ANY(l."applications"))::int AS "inScope",
        count(o."id") FILTER (WHERE o."success" AND (tips."app" IS NULL OR tips."app" = ANY(l."applications")))::int AS "inScopeSuccesses"
      FROM tips JOIN "RetrievalLog" l ON l."projectId" = ${projectId}::uuid AND l."injectedTipIds" @> ARRAY[tips."id"]
      LEFT JOIN "OutcomeReport" o ON o."retrievalLogId" = l."id"
      GROUP BY tips."id"`,
  ]);
  const scopes = await countScopeOutcomes(projectId, [...new Set(scoped.map((tip) => tip.app).filter((app): app is string => app !== null))]);
  const injectedById = new Map(injected.map((row) => [row.tipId, row]));
  const retrievedById = new Map(retrieved.map((row) => [row.tipId, row.count]));
  for (const tip of scoped) {
    const own = injectedById.get(tip.id);
    const scope = scopes.get(tip.app) ?? { outcomes: 0, successes: 0 };
    result.set(tip.id, {
      retrieved: retrievedById.get(tip.id) ?? 0,
      injected: own?.injected ?? 0,
      injectedOutcomes: own?.outcomes ?? 0,
      injectedSuccesses: own?.successes ?? 0,
      withoutOutcomes: Math.max(0, scope.outcomes - (own?.inScope ?? 0)),
      withoutSuccesses: Math.max(0, scope.successes - (own?.inScopeSuccesses ?? 0)),
    });
  }
  return result;
}

/** Reported outcomes per application scope (key null = every run of the project). */
async function countScopeOutcomes(projectId: string, applications: string[]): Promise<Map<string | null, { outcomes: number; successes: number }>> {
  const db = getDb();
  const [all] = await db.$queryRaw<{ outcomes: number; successes: number }[]>`
    SELECT count(*)::int AS "outcomes", count(*) FILTER (WHERE o."success")::int AS "successes"
    FROM "OutcomeReport" o JOIN "RetrievalLog" l ON l."id" = o."retrievalLogId"
    WHERE l."projectId" = ${projectId}::uuid`;
  const scopes = new Map<string | null, { outcomes: number; successes: number }>([[null, all ?? { outcomes: 0, successes: 0 }]]);
  if (applications.length === 0) return scopes;
  const rows = await db.$queryRaw<{ app: string; outcomes: number; successes: number }[]>`
    SELECT a."app", count(*)::int AS "outcomes", count(*) FILTER (WHERE o."success")::int AS "successes"
    FROM "OutcomeReport" o JOIN "RetrievalLog" l ON l."id" = o."retrievalLogId"
    CROSS JOIN LATERAL unnest(l."applications") AS a("app")
    WHERE l."projectId" = ${projectId}::uuid AND a."app" IN (${Prisma.join(applications)})
    GROUP BY a."app"`;
  for (const row of rows) scopes.set(row.app, { outcomes: row.outcomes, successes: row.successes });
  return scopes;
}

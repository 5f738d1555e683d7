// Reading trajectories: the filtered, keyset-paged list (fast at tens of thousands of rows,
// unlike OFFSET paging) and one trajectory with its steps for the viewer.
import type { NormalizedTrajectory } from "../trajectory/schema";
import type { OutcomeLabel, Prisma } from "./generated/client";
import { getDb } from "./client";
import { fromStepRow } from "./trajectory-mapping";

export interface TrajectoryListFilters {
  projectId: string;
  application?: string;
  outcome?: OutcomeLabel;
  format?: string;
  /** ISO dates (inclusive) on the import time. */
  from?: string;
  to?: string;
  /** Case-insensitive text in the task description. */
  q?: string;
  hasErrors?: boolean;
  cursor?: string;
  limit?: number;
}

export async function listTrajectories(filters: TrajectoryListFilters) {
  const limit = Math.min(Math.max(filters.limit ?? 50, 1), 200);
  const where = listWhere(filters);
  const after = decodeCursor(filters.cursor);
  const rows = await getDb().trajectory.findMany({
    where: after
      ? { AND: [where, { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }] }
      : where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: {
      id: true,
      externalId: true,
      taskDescription: true,
      applications: true,
      sourceFormat: true,
      outcomeLabel: true,
      outcomeSource: true,
      stepCount: true,
      errorCount: true,
      createdAt: true,
    },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

export async function countTrajectories(filters: TrajectoryListFilters): Promise<number> {
  return getDb().trajectory.count({ where: listWhere(filters) });
}

/** Values for the filter menus of a project. */
export async function getTrajectoryFacets({ projectId }: { projectId: string }) {
  const db = getDb();
  const [formats, applications] = await Promise.all([
    db.trajectory.groupBy({ by: ["sourceFormat"], where: { projectId, state: "active" }, _count: true, orderBy: { sourceFormat: "asc" } }),
    db.$queryRaw<{ application: string; count: bigint }[]>`
      SELECT a AS application, count(*) AS count FROM "Trajectory", unnest("applications") AS a
      WHERE "projectId" = ${projectId}::uuid AND "state" = 'active' GROUP BY a ORDER BY a`,
  ]);
  return {
    formats: formats.map((f) => ({ value: f.sourceFormat, count: f._count })),
    applications: applications.map((a) => ({ value: a.application, count: Number(a.count) })),
  };
}

export async function getTrajectoryWithSteps({ id }: { id: string }) {
  const row = await getDb().trajectory.findUnique({
    where: { id },
    include: {
      steps: { orderBy: { index: "asc" } },
      upload: { select: { id: true, fileName: true, createdAt: true } },
      project: { select: { id: true, slug: true, name: true } },
    },
  });
  if (!row) return null;
  const { steps, ...trajectory } = row;
  return { ...trajectory, steps: steps.map(fromStepRow) };
}

function listWhere(filters: TrajectoryListFilters): Prisma.TrajectoryWhereInput {
  return {
    projectId: filters.projectId,
    state: "active",
    ...(filters.application && { applications: { has: filters.application } }),
    ...(filters.outcome && { outcomeLabel: filters.outcome }),
    ...(filters.format && { sourceFormat: filters.format }),
    ...(filters.q && { taskDescription: { contains: filters.q, mode: "insensitive" as const } }),
    ...(filters.hasErrors !== undefined && { errorCount: filters.hasErrors ? { gt: 0 } : 0 }),
    ...((filters.from || filters.to) && {
      createdAt: {
        ...(filters.from && { gte: new Date(filters.from) }),
        ...(filters.to && { lte: endOfDay(filters.to) }),
      },
    }),
  };
}

function endOfDay(date: string): Date {
  const value = new Date(date);
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) value.setUTCHours(23, 59, 59, 999);
  return value;
}

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const [iso, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(iso ?? "");
  return id && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
}

/** A stored trajectory back in the normalized model (for analysis and extraction). */
export async function getNormalizedTrajectory({ id }: { id: string }): Promise<{ projectId: string; trajectory: NormalizedTrajectory } | null> {
  const row = await getTrajectoryWithSteps({ id });
  return row ? { projectId: row.projectId, trajectory: toNormalizedTrajectory(row) } : null;
}

/** A loaded trajectory row (with steps) as the normalized model. */
export function toNormalizedTrajectory(row: NonNullable<Awaited<ReturnType<typeof getTrajectoryWithSteps>>>): NormalizedTrajectory {
  const metadata = (row.metadata ?? {}) as NormalizedTrajectory["metadata"] & { task?: { split?: string; difficulty?: string | number } };
  const { task: taskExtra, ...rest } = metadata;
  return {
    task: {
      id: row.externalId ?? undefined,
      description: row.taskDescription,
      applications: row.applications,
      category: row.taskCategory ?? undefined,
      split: taskExtra?.split,
      difficulty: taskExtra?.difficulty,
    },
    steps: row.steps,
    finalAnswer: row.finalAnswer ?? undefined,
    outcome: {
      label: row.outcomeLabel,
      source: row.outcomeSource,
      score: row.outcomeScore ?? undefined,
      details: (row.outcomeDetails as Record<string, unknown> | null) ?? undefined,
    },
    metadata: { ...rest, sourceFormat: row.sourceFormat },
  };
}

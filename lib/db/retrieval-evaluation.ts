// The Retrieval page's reads and writes: evaluation-set tasks, what deriving them reads
// (trajectories and the provenance of approved tips), tips as ranking and the tip picker see
// them, and sample tasks for the playground.
import { getDb } from "./client";
import type { TipStatus } from "./generated/client";

const TASK_SELECT = { id: true, task: true, origin: true, trajectoryId: true, expectedTipIds: true, ignoredTipIds: true, createdAt: true, updatedAt: true, updatedBy: true } as const;

export async function listEvaluationTasks({ projectId }: { projectId: string }) {
  return getDb().evaluationTask.findMany({ where: { projectId }, select: TASK_SELECT, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}
export type EvaluationTaskRow = Awaited<ReturnType<typeof listEvaluationTasks>>[number];

export async function createEvaluationTask({ projectId, task, expectedTipIds, actor }: { projectId: string; task: string; expectedTipIds: string[]; actor: string | null }) {
  return getDb().evaluationTask.create({ data: { projectId, task, origin: "manual", expectedTipIds, updatedBy: actor }, select: TASK_SELECT });
}

/** A derived task someone edits becomes manual (keeping its trajectory): deriving again leaves it alone. Null when it is not in the project. */
export async function updateEvaluationTask({ projectId, id, task, expectedTipIds, actor }: { projectId: string; id: string; task: string; expectedTipIds: string[]; actor: string | null }) {
  const { count } = await getDb().evaluationTask.updateMany({ where: { id, projectId }, data: { task, expectedTipIds, origin: "manual", updatedBy: actor } });
  return count === 0 ? null : getDb().evaluationTask.findUnique({ where: { id }, select: TASK_SELECT });
}

export async function deleteEvaluationTask({ projectId, id }: { projectId: string; id: string }): Promise<boolean> {
  const { count } = await getDb().evaluationTask.deleteMany({ where: { id, projectId } });
  return count > 0;
}

/**
 * Replaces the project's derived tasks with `tasks`, except for trajectories whose task was
 * edited by hand (now manual): those are kept and reported. One transaction.
 */
export async function replaceDerivedEvaluationTasks({
  projectId,
  tasks,
  actor,
}: {
  projectId: string;
  tasks: { trajectoryId: string; task: string; expectedTipIds: string[]; ignoredTipIds: string[] }[];
  actor: string | null;
}): Promise<{ created: number; keptEdited: number; removed: number }> {
  return getDb().$transaction(async (tx) => {
    const edited = await tx.evaluationTask.findMany({ where: { projectId, origin: "manual", trajectoryId: { not: null } }, select: { trajectoryId: true } });
    const editedTrajectories = new Set(edited.map((row) => row.trajectoryId));
    const { count: removed } = await tx.evaluationTask.deleteMany({ where: { projectId, origin: "derived" } });
    const fresh = tasks.filter((task) => !editedTrajectories.has(task.trajectoryId));
    // One millisecond apart: the list (oldest first) keeps the order they were derived in.
    const start = Date.now();
    await tx.evaluationTask.createMany({ data: fresh.map((task, i) => ({ projectId, origin: "derived", ...task, updatedBy: actor, createdAt: new Date(start + i) })) });
    return { created: fresh.length, keptEdited: tasks.length - fresh.length, removed };
  });
}

export async function listTrajectoriesForDerivation({ projectId }: { projectId: string }) {
  return getDb().trajectory.findMany({
    where: { projectId },
    select: { id: true, taskDescription: true, applications: true, taskCategory: true, state: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** Approved tips with the trajectories they were learned from (in-project provenance). */
export async function listApprovedTipSources({ projectId }: { projectId: string }) {
  return getDb().tip.findMany({
    where: { projectId, status: "approved" },
    select: { id: true, sources: { select: { trajectoryId: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The fields ranking needs, for every tip of the project in some statuses. */
export async function listRankableTips({ projectId, statuses }: { projectId: string; statuses: TipStatus[] }) {
  return getDb().tip.findMany({
    where: { projectId, status: { in: statuses } },
    select: { id: true, status: true, granularity: true, application: true, category: true, priority: true },
  });
}

const TIP_SUMMARY_SELECT = { id: true, status: true, content: true, category: true, priority: true, application: true, granularity: true } as const;

/** Approved tips whose content, purpose or application contains `q` (all when empty), newest first. */
export async function searchApprovedTips({ projectId, q, take }: { projectId: string; q: string; take: number }) {
  const text = q.trim();
  return getDb().tip.findMany({
    where: {
      projectId,
      status: "approved",
      ...(text && {
        OR: [{ content: { contains: text, mode: "insensitive" } }, { purpose: { contains: text, mode: "insensitive" } }, { application: { contains: text, mode: "insensitive" } }],
      }),
    },
    select: TIP_SUMMARY_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take,
  });
}

export async function listTipSummaries({ projectId, ids }: { projectId: string; ids: string[] }) {
  if (ids.length === 0) return [];
  return getDb().tip.findMany({ where: { projectId, id: { in: ids } }, select: TIP_SUMMARY_SELECT });
}
export type TipSummaryRow = Awaited<ReturnType<typeof listTipSummaries>>[number];

/**
 * Distinct task descriptions of the project's active trajectories, newest first (the playground's
 * sample tasks). Reads a bounded window of the newest runs: Prisma's `distinct` would read them all.
 */
export async function listSampleTasks({ projectId, take }: { projectId: string; take: number }): Promise<string[]> {
  const rows = await getDb().trajectory.findMany({
    where: { projectId, state: "active", taskDescription: { not: "" } },
    select: { taskDescription: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: take * 4,
  });
  return [...new Set(rows.map((row) => row.taskDescription))].slice(0, take);
}

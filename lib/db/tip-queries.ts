// Reading tips for review: filtered, sorted list with counts per status, one tip with everything
// the detail pane shows (provenance, history, the extraction that produced it), and tips by id.
import type { Prisma, TipCategory, TipStatus } from "./generated/client";
import { getDb } from "./client";
import { withHarmFlags } from "../retrieval/tip-stats";

export interface TipListFilters {
  projectId: string;
  status?: TipStatus;
  category?: "strategy" | "recovery" | "optimization";
  priority?: "critical" | "high" | "medium" | "low";
  application?: string;
  granularity?: "task" | "subtask";
  origin?: "llm" | "offline" | "manual" | "merge";
  sourceOutcome?: "success" | "failure" | "unknown";
  trajectoryId?: string;
  flagged?: boolean;
  q?: string;
  cursor?: string;
  limit?: number;
}

const PRIORITY_ORDER: Prisma.TipOrderByWithRelationInput[] = [{ priority: "asc" }, { createdAt: "desc" }, { id: "desc" }];

/** Review order: most severe first (the enum is declared critical → low), then newest. Offset paging: review queues are short. */
export async function listTips(filters: TipListFilters) {
  const limit = Math.min(Math.max(filters.limit ?? 50, 1), 200);
  const offset = Number(filters.cursor ?? 0) || 0;
  const rows = await getDb().tip.findMany({
    where: tipWhere(filters),
    orderBy: PRIORITY_ORDER,
    skip: offset,
    take: limit + 1,
    include: { sources: { select: { trajectoryId: true, stepStart: true, stepEnd: true, outcomeLabel: true } } },
  });
  // A tip whose injection correlates with failed runs is flagged (computed from reported outcomes).
  return { items: await withHarmFlags(rows.slice(0, limit)), nextCursor: rows.length > limit ? String(offset + limit) : null };
}

/** Tips per status under the same filters as the list (the status filter itself is ignored: the counts are the tabs). */
export async function countTipsByStatus(filters: TipListFilters): Promise<Record<TipStatus, number>> {
  const groups = await getDb().tip.groupBy({ by: ["status"], where: tipWhere({ ...filters, status: undefined }), _count: true });
  const counts = { proposed: 0, approved: 0, rejected: 0, merged: 0, archived: 0 } as Record<TipStatus, number>;
  for (const group of groups) counts[group.status] = group._count;
  return counts;
}

export async function getTipDetail({ id }: { id: string }) {
  const row = await getDb().tip.findUnique({
    where: { id },
    include: {
      sources: { include: { trajectory: { select: { id: true, taskDescription: true, sourceFormat: true, outcomeLabel: true } } } },
      events: { orderBy: { createdAt: "desc" } },
      extraction: { select: { id: true, extractor: true, granularity: true, outcomeCategory: true, outcomeInferred: true, attribution: true, createdAt: true } },
    },
  });
  return row ? (await withHarmFlags([row]))[0]! : null;
}

/** Tips of one project by id, restricted to some statuses: e.g. which vector-search neighbours are live tips. */
export async function listTipsByIds({ projectId, ids, statuses }: { projectId: string; ids: string[]; statuses?: TipStatus[] }) {
  if (ids.length === 0) return [];
  return getDb().tip.findMany({
    where: { projectId, id: { in: ids }, ...(statuses && { status: { in: statuses } }) },
    select: { id: true, status: true, content: true, category: true, priority: true, application: true },
  });
}

/** A tip giving the same advice: same category and content (ignoring case), not rejected or archived. */
export async function findSameAdviceTip({ projectId, category, content }: { projectId: string; category: TipCategory; content: string }) {
  return getDb().tip.findFirst({
    where: { projectId, category, content: { equals: content, mode: "insensitive" }, status: { notIn: ["rejected", "archived"] } },
    select: { id: true },
  });
}

function tipWhere(filters: TipListFilters): Prisma.TipWhereInput {
  return {
    projectId: filters.projectId,
    ...(filters.status && { status: filters.status }),
    ...(filters.category && { category: filters.category }),
    ...(filters.priority && { priority: filters.priority }),
    ...(filters.application && { application: filters.application }),
    ...(filters.granularity && { granularity: filters.granularity }),
    ...(filters.origin && { origin: filters.origin }),
    ...(filters.sourceOutcome && { sources: { some: { outcomeLabel: filters.sourceOutcome } } }),
    ...(filters.trajectoryId && { sources: { some: { trajectoryId: filters.trajectoryId } } }),
    ...(filters.flagged !== undefined && (filters.flagged ? { NOT: { flags: { isEmpty: true } } } : { flags: { isEmpty: true } })),
    ...(filters.q && { OR: [{ content: { contains: filters.q, mode: "insensitive" as const } }, { purpose: { contains: filters.q, mode: "insensitive" as const } }] }),
  };
}

// Consolidation runs and the clusters they produce. A full run replaces the project's active
// clusters (the old ones are archived, not deleted); tips point at their current cluster.
import { getDb } from "./client";
import type { Prisma } from "./generated/client";

export interface ClusterMember {
  description: string;
  generalized: string;
  tipIds: string[];
}

export interface NewCluster {
  canonicalDescription: string;
  canonicalSource: "llm" | "medoid";
  members: ClusterMember[];
  minSimilarity: number | null;
  meanSimilarity: number | null;
}

export async function createConsolidationRun(input: {
  projectId: string;
  mode: "full" | "incremental";
  threshold: number;
  linkage: string;
  model: string;
  method: "llm" | "offline";
  jobId: string | null;
  actor: string;
}) {
  return getDb().clusteringRun.create({ data: { ...input, status: "running" } });
}

export async function finishConsolidationRun({ id, status, stats, error }: { id: string; status: "succeeded" | "failed"; stats?: object; error?: string | null }) {
  return getDb().clusteringRun.update({
    where: { id },
    data: { status, stats: stats as Prisma.InputJsonValue | undefined, error: error ?? null, finishedAt: new Date() },
  });
}

/**
 * Archives the project's active clusters and writes the new ones, pointing every member tip at
 * its cluster (tips left out are unclustered). Returns the new cluster ids in input order.
 */
export async function replaceClusters({ projectId, runId, clusters }: { projectId: string; runId: string; clusters: NewCluster[] }): Promise<string[]> {
  return getDb().$transaction(async (tx) => {
    await tx.cluster.updateMany({ where: { projectId, state: "active" }, data: { state: "archived" } });
    await tx.tip.updateMany({ where: { projectId, clusterId: { not: null } }, data: { clusterId: null } });
    const ids: string[] = [];
    for (const cluster of clusters) {
      const tipIds = cluster.members.flatMap((member) => member.tipIds);
      const row = await tx.cluster.create({
        data: {
          projectId,
          runId,
          canonicalDescription: cluster.canonicalDescription,
          canonicalSource: cluster.canonicalSource,
          members: cluster.members as unknown as Prisma.InputJsonValue,
          size: tipIds.length,
          minSimilarity: cluster.minSimilarity,
          meanSimilarity: cluster.meanSimilarity,
        },
        select: { id: true },
      });
      await tx.tip.updateMany({ where: { id: { in: tipIds } }, data: { clusterId: row.id } });
      ids.push(row.id);
    }
    return ids;
  });
}

export async function setCanonicalDescription({ id, canonicalDescription }: { id: string; canonicalDescription: string }) {
  return getDb().cluster.update({ where: { id }, data: { canonicalDescription, canonicalSource: "llm" } });
}

/** Incremental path: a new tip joins an existing cluster (its description added to the members). */
export async function addTipToCluster({ clusterId, tipId, member }: { clusterId: string; tipId: string; member: Omit<ClusterMember, "tipIds"> }) {
  await getDb().$transaction(async (tx) => {
    const cluster = await tx.cluster.findUniqueOrThrow({ where: { id: clusterId }, select: { members: true, size: true } });
    const members = ((cluster.members ?? []) as unknown as ClusterMember[]).map((m) => ({ ...m, tipIds: [...m.tipIds] }));
    const same = members.find((m) => m.generalized === member.generalized);
    if (same) {
      if (!same.tipIds.includes(tipId)) same.tipIds.push(tipId);
    } else {
      members.push({ ...member, tipIds: [tipId] });
    }
    await tx.cluster.update({ where: { id: clusterId }, data: { members: members as unknown as Prisma.InputJsonValue, size: members.reduce((n, m) => n + m.tipIds.length, 0) } });
    await tx.tip.update({ where: { id: tipId }, data: { clusterId } });
  });
}

export async function listActiveClusters({ projectId }: { projectId: string }) {
  const db = getDb();
  const clusters = await db.cluster.findMany({ where: { projectId, state: "active" }, orderBy: [{ size: "desc" }, { createdAt: "asc" }, { id: "asc" }] });
  const groups = await db.tip.groupBy({ by: ["clusterId", "status", "category"], where: { projectId, clusterId: { in: clusters.map((c) => c.id) } }, _count: true });
  const proposals = await db.mergeProposal.groupBy({ by: ["clusterId"], where: { projectId, status: "proposed", clusterId: { in: clusters.map((c) => c.id) } }, _count: true });
  return clusters.map((cluster) => ({
    ...cluster,
    members: (cluster.members ?? []) as unknown as ClusterMember[],
    tipsByStatus: countBy(groups.filter((g) => g.clusterId === cluster.id), "status"),
    tipsByCategory: countBy(groups.filter((g) => g.clusterId === cluster.id), "category"),
    openProposals: proposals.find((p) => p.clusterId === cluster.id)?._count ?? 0,
  }));
}

export async function getClusterDetail({ id }: { id: string }) {
  const cluster = await getDb().cluster.findUnique({
    where: { id },
    include: {
      tips: { orderBy: [{ status: "asc" }, { priority: "asc" }, { createdAt: "asc" }], include: { sources: { select: { trajectoryId: true, stepStart: true, stepEnd: true, outcomeLabel: true } } } },
      run: true,
    },
  });
  return cluster && { ...cluster, members: (cluster.members ?? []) as unknown as ClusterMember[] };
}

export async function listConsolidationRuns({ projectId, limit = 20 }: { projectId: string; limit?: number }) {
  return getDb().clusteringRun.findMany({ where: { projectId }, orderBy: { createdAt: "desc" }, take: limit });
}

function countBy<K extends "status" | "category">(groups: { status: string; category: string; _count: number }[], key: K): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const group of groups) counts[group[key]] = (counts[group[key]] ?? 0) + group._count;
  return counts;
}

/** The tips consolidation considers: proposed and approved ones, with their sources' outcomes. */
export async function listConsolidationTips({ projectId, tipIds }: { projectId: string; tipIds?: string[] }) {
  const tips = await getDb().tip.findMany({
    where: { projectId, status: { in: ["proposed", "approved"] }, ...(tipIds && { id: { in: tipIds } }) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { sources: { select: { outcomeLabel: true } } },
  });
  return tips.map(({ sources, ...tip }) => ({ ...tip, sourceOutcomes: sources.map((source) => source.outcomeLabel) }));
}
export type ConsolidationTip = Awaited<ReturnType<typeof listConsolidationTips>>[number];

// Reading consolidation proposals: the queue (by status and kind) and one proposal with its
// source tips (fields + provenance) and the tip it produced, for the diff view.
import { getDb } from "./client";
import type { Prisma, ProposalStatus } from "./generated/client";

export interface ProposalFilters {
  projectId: string;
  status?: ProposalStatus;
  kind?: "merge" | "conflict" | "keep";
  clusterId?: string;
  runId?: string;
  limit?: number;
}

export async function listProposals(filters: ProposalFilters) {
  const where: Prisma.MergeProposalWhereInput = {
    projectId: filters.projectId,
    ...(filters.status && { status: filters.status }),
    ...(filters.kind && { kind: filters.kind }),
    ...(filters.clusterId && { clusterId: filters.clusterId }),
    ...(filters.runId && { runId: filters.runId }),
  };
  return getDb().mergeProposal.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: Math.min(Math.max(filters.limit ?? 100, 1), 500),
    include: { cluster: { select: { id: true, canonicalDescription: true } } },
  });
}

export async function countProposalsByStatus({ projectId }: { projectId: string }): Promise<Record<ProposalStatus, number>> {
  const groups = await getDb().mergeProposal.groupBy({ by: ["status"], where: { projectId }, _count: true });
  const counts = { proposed: 0, accepted: 0, overridden: 0, rejected: 0, reverted: 0 } as Record<ProposalStatus, number>;
  for (const group of groups) counts[group.status] = group._count;
  return counts;
}

export async function getProposalDetail({ id }: { id: string }) {
  const db = getDb();
  const proposal = await db.mergeProposal.findUnique({ where: { id }, include: { cluster: { select: { id: true, canonicalDescription: true } }, run: true } });
  if (!proposal) return null;
  const tipInclude = {
    sources: { select: { trajectoryId: true, stepStart: true, stepEnd: true, outcomeLabel: true, trajectory: { select: { taskDescription: true, sourceFormat: true, outcomeLabel: true } } } },
  } as const;
  const [sources, result] = await Promise.all([
    db.tip.findMany({ where: { id: { in: proposal.sourceTipIds } }, include: tipInclude }),
    proposal.resultTipId ? db.tip.findUnique({ where: { id: proposal.resultTipId }, include: tipInclude }) : null,
  ]);
  // Keep the proposal's order (a conflict lists the winner first).
  const ordered = proposal.sourceTipIds.flatMap((tipId) => sources.filter((tip) => tip.id === tipId));
  return { ...proposal, sourceTips: ordered, resultTip: result };
}

// Database rows → the JSON shapes of ./types.ts (server side: the pages map before handing
// data to client components).
import "server-only";
import type { listActiveClusters, listConsolidationRuns } from "@/lib/db/clusters";
import type { getProposalDetail, listProposals } from "@/lib/db/proposal-queries";
import type { TipDiff } from "@/lib/consolidation/merge/merged-fields";
import { CONFLICT_RULE_DESCRIPTIONS, type ConflictRule } from "@/lib/consolidation/merge/precedence";
import { proposedTipSchema } from "@/lib/consolidation/proposed-tip";
import type { ClusterView, ProposalDetailView, ProposalListItem, ProposalTipView, RunStats, RunView } from "./types";

type ClusterRow = Awaited<ReturnType<typeof listActiveClusters>>[number];
type RunRow = Awaited<ReturnType<typeof listConsolidationRuns>>[number];
type ProposalRow = Awaited<ReturnType<typeof listProposals>>[number];
type ProposalDetailRow = NonNullable<Awaited<ReturnType<typeof getProposalDetail>>>;
type TipRow = ProposalDetailRow["sourceTips"][number];

export function toClusterView(row: ClusterRow): ClusterView {
  return {
    id: row.id,
    canonicalDescription: row.canonicalDescription,
    canonicalSource: row.canonicalSource,
    size: row.size,
    members: row.members.map((member) => ({ description: member.description, generalized: member.generalized, tipIds: [...member.tipIds] })),
    minSimilarity: row.minSimilarity,
    meanSimilarity: row.meanSimilarity,
    tipsByStatus: row.tipsByStatus,
    tipsByCategory: row.tipsByCategory,
    openProposals: row.openProposals,
  };
}

export function toRunView(row: RunRow): RunView {
  return {
    id: row.id,
    status: row.status,
    mode: row.mode,
    method: row.method,
    threshold: row.threshold,
    linkage: row.linkage,
    model: row.model,
    actor: row.actor,
    jobId: row.jobId,
    stats: (row.stats ?? null) as RunStats | null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The proposed tip when it is one (keep proposals carry `{}`). */
function proposedTipOf(value: unknown) {
  const parsed = proposedTipSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function toProposalListItem(row: ProposalRow | ProposalDetailRow): ProposalListItem {
  return {
    id: row.id,
    kind: row.kind as ProposalListItem["kind"],
    origin: row.origin,
    status: row.status,
    sourceTipIds: row.sourceTipIds,
    resultTipId: row.resultTipId,
    headline: proposedTipOf(row.proposedTip)?.content ?? null,
    rule: row.rule,
    rationale: row.rationale,
    cluster: row.cluster ? { id: row.cluster.id, canonicalDescription: row.cluster.canonicalDescription } : null,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function toProposalTip(tip: TipRow): ProposalTipView {
  return {
    id: tip.id,
    status: tip.status,
    category: tip.category,
    priority: tip.priority,
    origin: tip.origin,
    content: tip.content,
    purpose: tip.purpose,
    steps: tip.steps,
    trigger: tip.trigger,
    negativeExample: tip.negativeExample,
    application: tip.application,
    taskCategory: tip.taskCategory,
    mergedIntoId: tip.mergedIntoId,
    sources: tip.sources.map((source) => ({
      trajectoryId: source.trajectoryId,
      stepStart: source.stepStart,
      stepEnd: source.stepEnd,
      outcomeLabel: source.outcomeLabel,
      trajectory: source.trajectory,
    })),
  };
}

export function toProposalDetail(row: ProposalDetailRow): ProposalDetailView {
  const rule = row.rule as ConflictRule | null;
  return {
    ...toProposalListItem(row),
    proposedTip: proposedTipOf(row.proposedTip),
    diff: (row.diff ?? null) as TipDiff | null,
    ruleDescription: rule ? (CONFLICT_RULE_DESCRIPTIONS[rule] ?? null) : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    run: row.run ? { id: row.run.id, method: row.run.method, threshold: row.run.threshold, linkage: row.run.linkage, createdAt: row.run.createdAt.toISOString() } : null,
    sourceTips: row.sourceTips.map(toProposalTip),
    resultTip: row.resultTip ? toProposalTip(row.resultTip) : null,
  };
}

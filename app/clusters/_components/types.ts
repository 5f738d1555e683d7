// The Clusters page's data as it crosses to the browser (dates as ISO strings). Client-safe: no
// server imports, only literal unions and plain shapes.
import type { TipCategory, TipPriority, TipSourceView, TipStatus } from "@/components/tips/types";
import type { TipDiff } from "@/lib/consolidation/merge/merged-fields";
import type { ProposedTip } from "@/lib/consolidation/proposed-tip";

export const PROPOSAL_STATUSES = ["proposed", "accepted", "overridden", "rejected", "reverted"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_KIND_VALUES = ["merge", "conflict", "keep"] as const;
export type ProposalKindValue = (typeof PROPOSAL_KIND_VALUES)[number];
export type ConsolidationMethod = "llm" | "offline";

/** What clustered together: one (generalized) description and the tips indexed by it. */
export interface ClusterMemberView {
  description: string;
  generalized: string;
  tipIds: string[];
}

export interface ClusterView {
  id: string;
  canonicalDescription: string;
  /** "llm" (written by the merge model) or "medoid" (the most central member description). */
  canonicalSource: string;
  size: number;
  members: ClusterMemberView[];
  minSimilarity: number | null;
  meanSimilarity: number | null;
  tipsByStatus: Record<string, number>;
  tipsByCategory: Record<string, number>;
  openProposals: number;
}

export interface RunStats {
  tips?: number;
  descriptions?: number;
  clusters?: number;
  multiMemberClusters?: number;
  clusteringMethod?: string;
  proposals?: number;
  autoAccepted?: number;
  llmCalls?: number;
  cachedCalls?: number;
  tokens?: number;
  costUsd?: number | null;
  issues?: unknown[];
}

export interface RunView {
  id: string;
  status: string;
  mode: string;
  method: string;
  threshold: number;
  linkage: string;
  model: string;
  actor: string | null;
  jobId: string | null;
  stats: RunStats | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface ProposalListItem {
  id: string;
  kind: ProposalKindValue;
  origin: string;
  status: ProposalStatus;
  sourceTipIds: string[];
  resultTipId: string | null;
  /** merge: the merged content; conflict: the winner's content; keep: null. */
  headline: string | null;
  rule: string | null;
  rationale: string | null;
  cluster: { id: string; canonicalDescription: string } | null;
  decidedBy: string | null;
  createdAt: string;
}

export type ProposalCounts = Record<ProposalStatus, number>;

/** A tip as the proposal view shows it: every field a merge compares, with provenance. */
export interface ProposalTipView {
  id: string;
  status: TipStatus;
  category: TipCategory;
  priority: TipPriority;
  origin: string;
  content: string;
  purpose: string;
  steps: string[];
  trigger: string;
  negativeExample: string | null;
  application: string | null;
  taskCategory: string | null;
  mergedIntoId: string | null;
  sources: TipSourceView[];
}

export interface ProposalDetailView extends ProposalListItem {
  proposedTip: ProposedTip | null;
  diff: TipDiff | null;
  /** Human text of the conflict rule (precedence.ts), when there is one. */
  ruleDescription: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
  run: { id: string; method: string; threshold: number; linkage: string; createdAt: string } | null;
  sourceTips: ProposalTipView[];
  resultTip: ProposalTipView | null;
}

/** One description on the 2-D map (lib/consolidation/preview-clusters.ts MapPoint). */
export interface MapPointView {
  x: number;
  y: number;
  clusterId: string;
  description: string;
  tips: number;
}

/** lib/consolidation/preview-clusters.ts ClusteringPreview, as JSON. */
export interface PreviewView {
  threshold: number;
  linkage: string;
  current: { clusters: number; multiMember: number };
  preview: { clusters: number; multiMember: number; largest: number };
  splits: { clusterId: string; into: number }[];
  joins: { clusterIds: string[]; descriptions: string[] }[];
  groupOfPoint: number[];
}

export interface ConsolidationDefaults {
  threshold: number;
  linkage: string;
  autoAcceptMerges: boolean;
}

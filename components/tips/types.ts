// Tips as they cross to the browser (dates as ISO strings): the review list, the detail pane and
// the tip page share these shapes. Client-safe: no server imports, only literal unions.
import type { TipRetrievalStats } from "@/lib/retrieval/stats";

export const TIP_STATUSES = ["proposed", "approved", "rejected", "merged", "archived"] as const;
export const TIP_CATEGORIES = ["strategy", "recovery", "optimization"] as const;
export const TIP_PRIORITIES = ["critical", "high", "medium", "low"] as const;
export const TIP_GRANULARITIES = ["task", "subtask"] as const;
/** How a tip came to be; "offline" is the heuristic (no-LLM) extractor. */
export const TIP_ORIGINS = ["llm", "offline", "manual", "merge"] as const;
export const SOURCE_OUTCOMES = ["success", "failure", "unknown"] as const;

export type TipStatus = (typeof TIP_STATUSES)[number];
export type TipCategory = (typeof TIP_CATEGORIES)[number];
export type TipPriority = (typeof TIP_PRIORITIES)[number];
export type TipGranularity = (typeof TIP_GRANULARITIES)[number];
export type TipOrigin = (typeof TIP_ORIGINS)[number];

/** One provenance entry: the source trajectory and the (inclusive, 0-based) steps the tip came from. */
export interface TipSourceView {
  trajectoryId: string;
  stepStart: number | null;
  stepEnd: number | null;
  outcomeLabel: string;
  /** Present in the detail (not in list rows). */
  trajectory?: { taskDescription: string; sourceFormat: string; outcomeLabel: string };
}

/** A row of the review list. `version` is what every decision must name (optimistic concurrency). */
export interface TipListItem {
  id: string;
  version: number;
  status: TipStatus;
  category: TipCategory;
  priority: TipPriority;
  granularity: TipGranularity;
  origin: TipOrigin;
  content: string;
  application: string | null;
  flags: string[];
  sourceOutcome: string | null;
  updatedBy: string | null;
  updatedAt: string;
  sources: TipSourceView[];
}

/** One history entry; `before` / `after` hold only the fields the change touched. */
export interface TipEventView {
  id: string;
  type: string;
  actor: string;
  note: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface TipExtractionView {
  id: string;
  /** "llm" or "heuristic". */
  extractor: string;
  granularity: string;
  outcomeCategory: string | null;
  outcomeInferred: boolean;
  attribution: unknown;
  createdAt: string;
}

export interface TipDetail extends TipListItem {
  purpose: string;
  steps: string[];
  trigger: string;
  negativeExample: string | null;
  taskCategory: string | null;
  indexDescription: string;
  evidence: string | null;
  rejectReason: string | null;
  model: string | null;
  promptVersion: string | null;
  costUsd: number | null;
  createdAt: string;
  /** Newest first. */
  events: TipEventView[];
  extraction: TipExtractionView | null;
}

/** How a similar tip relates to the one under review (see lib/review/similar-tips.ts). */
export type SimilarityLabel = "likely duplicate" | "possible conflict" | "related";

/** A tip whose content embedding is close to the one under review. */
export interface SimilarTip {
  id: string;
  status: TipStatus;
  content: string;
  category: TipCategory;
  priority: TipPriority;
  application: string | null;
  /** Cosine similarity of content + purpose, 0–1. */
  similarity: number;
  label: SimilarityLabel;
}

export type TipCounts = Record<TipStatus, number>;

export interface TipListPage {
  items: TipListItem[];
  nextCursor: string | null;
  /** Per status, over the whole project (not narrowed by the other filters). */
  counts: TipCounts;
}

export interface TipDetailResponse {
  tip: TipDetail;
  /** How the tip fared when retrieval injected it (outcomes agents reported); see lib/retrieval/stats.ts. */
  retrievalStats?: TipRetrievalStats;
  /** The nearest approved tips (top 5, similarity ≥ 0.5), best first. */
  similar: SimilarTip[];
  /** The tips the quality gate flagged it against when it was proposed (duplicates, conflicts), as they are now. */
  flaggedAgainst: SimilarTip[];
}

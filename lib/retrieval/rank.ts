// PURE: which candidate tips a retrieval returns, in which order, and why the others were left out.
//
// Candidates carry the cosine similarity of the task to the description each tip is indexed by.
// In order, a candidate is left out when
//   1. its status is not retrievable (only "approved", plus "proposed" when the project allows it),
//   2. its granularity is not the one asked for ("both" keeps task and subtask tips),
//   3. an application filter is set and the tip belongs to another application (generic tips,
//      application null, always pass: the paper's "the application's tips plus generic tips"),
//   4. its similarity is below τ (the threshold is inclusive: similarity ≥ τ passes),
//   5. it ranks below the top k (when k is set).
// Ranking score:
//   - cosine retrieval: score = similarity (the paper's "top k by similarity score");
//   - LLM-guided: score = similarity × PRIORITY_WEIGHTS[tip priority] × CATEGORY_WEIGHTS[the LLM's
//     priority for the tip's category]. The paper names "priority-weighted ranking" without a formula;
//     multiplying keeps τ meaningful (it still applies to the similarity) and lets a critical tip
//     outrank a slightly more similar low-priority one, never an unrelated one (weights ≥ 0.56).
// Ties: score (desc), then tip priority (critical first), then id (asc) — deterministic.
import type { CategoryPriorityLevel, RetrievalGranularity, TipCategory, TipGranularity, TipPriority } from "./schema";

/** Multiplier per tip priority in LLM-guided ranking. */
export const PRIORITY_WEIGHTS: Readonly<Record<TipPriority, number>> = { critical: 1, high: 0.9, medium: 0.8, low: 0.7 };
/** Multiplier per category priority the LLM gives for the task (a category it does not rate counts as medium). */
export const CATEGORY_WEIGHTS: Readonly<Record<CategoryPriorityLevel, number>> = { high: 1, medium: 0.9, low: 0.8 };

const PRIORITY_ORDER: Readonly<Record<TipPriority, number>> = { critical: 0, high: 1, medium: 2, low: 3 };

/** The fields ranking looks at; callers pass richer tip objects and get them back. */
export interface RankableTip {
  id: string;
  similarity: number;
  status: string;
  granularity: TipGranularity;
  application: string | null;
  category: TipCategory;
  priority: TipPriority;
}

export type Scoring =
  | { kind: "similarity" }
  | { kind: "priority_weighted"; categoryPriorities: Partial<Record<TipCategory, CategoryPriorityLevel>> };

export interface RankOptions {
  /** τ, inclusive. */
  threshold: number;
  /** null = every candidate above τ. */
  topK: number | null;
  granularity: RetrievalGranularity;
  /** The applications whose tips may be returned (plus generic tips); null = no application filter. */
  applications: readonly string[] | null;
  approvedOnly: boolean;
  scoring: Scoring;
}

/** Why a candidate is (not) returned; the first rule it fails, in the order of the header comment. */
export type CandidateDecision = "selected" | "status" | "granularity" | "application" | "below_threshold" | "beyond_top_k";

export interface RankedCandidate<T extends RankableTip> {
  tip: T;
  score: number;
  decision: CandidateDecision;
  /** 1-based position among the selected tips; null when not selected. */
  rank: number | null;
}

export interface RankResult<T extends RankableTip> {
  /** The returned tips, best first. */
  selected: RankedCandidate<T>[];
  /** Every candidate with its decision, in ranking order (for the playground's "why"). */
  candidates: RankedCandidate<T>[];
}

/** Statuses a retrieval may return. */
export function retrievableStatuses(approvedOnly: boolean): string[] {
  return approvedOnly ? ["approved"] : ["approved", "proposed"];
}

/** Application names compare trimmed and case-insensitively ("Venmo" = "venmo"); "" counts as generic. */
export function normalizeApplication(application: string | null | undefined): string | null {
  const normalized = application?.trim().toLowerCase();
  return normalized ? normalized : null;
}

export function scoreOf(tip: Pick<RankableTip, "similarity" | "priority" | "category">, scoring: Scoring): number {
  if (scoring.kind === "similarity") return tip.similarity;
  const categoryLevel = scoring.categoryPriorities[tip.category] ?? "medium";
  return tip.similarity * PRIORITY_WEIGHTS[tip.priority] * CATEGORY_WEIGHTS[categoryLevel];
}

export function rankCandidates<T extends RankableTip>(tips: readonly T[], options: RankOptions): RankResult<T> {
  const statuses = new Set(retrievableStatuses(options.approvedOnly));
  const applications = options.applications ? new Set(options.applications.map(normalizeApplication).filter(Boolean)) : null;
  const ranked = tips
    .map((tip) => ({ tip, score: scoreOf(tip, options.scoring), rank: null as number | null, decision: "selected" as CandidateDecision }))
    .sort(compareCandidates);
  let selectedCount = 0;
  for (const candidate of ranked) {
    const { tip } = candidate;
    const application = normalizeApplication(tip.application);
    if (!statuses.has(tip.status)) candidate.decision = "status";
    else if (options.granularity !== "both" && tip.granularity !== options.granularity) candidate.decision = "granularity";
    else if (applications && applications.size > 0 && application !== null && !applications.has(application)) candidate.decision = "application";
    else if (!(tip.similarity >= options.threshold)) candidate.decision = "below_threshold";
    else if (options.topK !== null && selectedCount >= options.topK) candidate.decision = "beyond_top_k";
    else candidate.rank = ++selectedCount;
  }
  return { selected: ranked.filter((candidate) => candidate.decision === "selected"), candidates: ranked };
}

/**
 * One candidate per tip, keeping its best similarity: LLM-guided selection searches with the task
 * and with the LLM's rewritten query, and a tip found by both counts once.
 */
export function mergeCandidates<T extends { id: string; similarity: number }>(...lists: readonly (readonly T[])[]): T[] {
  const best = new Map<string, T>();
  for (const list of lists) {
    for (const candidate of list) {
      const seen = best.get(candidate.id);
      if (!seen || candidate.similarity > seen.similarity) best.set(candidate.id, candidate);
    }
  }
  return [...best.values()];
}

function compareCandidates<T extends RankableTip>(a: { tip: T; score: number }, b: { tip: T; score: number }): number {
  if (a.score !== b.score) return b.score - a.score;
  const priority = PRIORITY_ORDER[a.tip.priority] - PRIORITY_ORDER[b.tip.priority];
  if (priority !== 0) return priority;
  return a.tip.id < b.tip.id ? -1 : a.tip.id > b.tip.id ? 1 : 0;
}

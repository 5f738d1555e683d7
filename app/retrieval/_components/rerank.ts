// PURE: the playground's cut, recomputed in the browser when τ or k moves. The server explained
// every candidate once (similarity, status, granularity, application); rank.ts is the same code
// retrieval runs, so the cut here is the cut an agent with these settings would get.
import type { DecisionContext } from "@/lib/retrieval/decisions";
import { rankCandidates, type CandidateDecision, type RankOptions } from "@/lib/retrieval/rank";
import type { ExplainedCandidate, RetrievalResult } from "@/lib/retrieval/retrieve";

export interface RankedRow {
  candidate: ExplainedCandidate;
  score: number;
  decision: CandidateDecision;
  /** 1-based among the selected; null when not selected. */
  rank: number | null;
}

export interface Cut {
  rows: RankedRow[];
  /** Selected tip ids, best first. */
  selectedIds: string[];
  context: DecisionContext;
}

/** The rank options retrieve() used for `result`, with another τ and k (mirrors retrieve.ts). */
export function rankOptionsFor(result: RetrievalResult, { threshold, topK }: { threshold: number; topK: number | null }): RankOptions {
  const { settings, selection } = result;
  const applications = settings.application ? [settings.application] : selection?.applications.length ? selection.applications : null;
  return {
    threshold,
    topK,
    granularity: settings.granularity,
    applications,
    approvedOnly: settings.approvedOnly,
    scoring: selection ? { kind: "priority_weighted", categoryPriorities: selection.categoryPriorities } : { kind: "similarity" },
  };
}

export function cutAt(result: RetrievalResult, limits: { threshold: number; topK: number | null }): Cut {
  const options = rankOptionsFor(result, limits);
  const byId = new Map((result.candidates ?? []).map((candidate) => [candidate.tip.id, candidate]));
  const ranked = rankCandidates(
    (result.candidates ?? []).map((candidate) => candidate.tip),
    options,
  );
  const rows = ranked.candidates.map((entry) => ({ candidate: byId.get(entry.tip.id)!, score: entry.score, decision: entry.decision, rank: entry.rank }));
  return {
    rows,
    selectedIds: ranked.selected.map((entry) => entry.tip.id),
    context: { threshold: options.threshold, topK: options.topK, granularity: options.granularity, applications: options.applications, approvedOnly: options.approvedOnly },
  };
}

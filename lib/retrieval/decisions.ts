// PURE (browser-safe): what the Retrieval page says about each candidate — why it made the cut or
// not, in words — and the histogram of candidate similarities the τ line is drawn over.
import type { CandidateDecision } from "./rank";
import type { RetrievalGranularity } from "./schema";

export interface DecisionContext {
  threshold: number;
  topK: number | null;
  granularity: RetrievalGranularity;
  /** The application filter in force (the request's, or the applications the LLM detected); null = none. */
  applications: readonly string[] | null;
  approvedOnly: boolean;
}

export interface ExplainableCandidate {
  decision: CandidateDecision;
  rank: number | null;
  similarity: number;
  status: string;
  granularity: string;
  application: string | null;
}

/** e.g. "selected (#2)", "below τ 0.60 (0.53)", "beyond top-3", "not approved (proposed)". */
export function decisionReason(candidate: ExplainableCandidate, context: DecisionContext): string {
  switch (candidate.decision) {
    case "selected":
      return `selected (#${candidate.rank ?? "?"})`;
    case "below_threshold":
      return `below τ ${context.threshold.toFixed(2)} (${candidate.similarity.toFixed(2)})`;
    case "beyond_top_k":
      return `beyond top-${context.topK ?? "k"}`;
    case "status":
      return context.approvedOnly && candidate.status === "proposed" ? "not approved (proposed)" : `${candidate.status} tips are not retrieved`;
    case "granularity":
      return `${candidate.granularity}-level tip; ${context.granularity}-level tips only`;
    case "application":
      return `${candidate.application ?? "generic"} tip; filter: ${(context.applications ?? []).join(", ")}`;
  }
}

export interface HistogramBin {
  /** Inclusive lower edge. */
  from: number;
  /** Exclusive upper edge (the last bin includes 1). */
  to: number;
  selected: number;
  rejected: number;
}

/** Bins of width `binWidth` over [0, 1]; similarities below 0 fall in the first bin, 1 in the last. */
export function scoreHistogram(candidates: readonly { similarity: number; isSelected: boolean }[], binWidth = 0.05): HistogramBin[] {
  const count = Math.round(1 / binWidth);
  const bins: HistogramBin[] = Array.from({ length: count }, (_, i) => ({ from: round(i * binWidth), to: round((i + 1) * binWidth), selected: 0, rejected: 0 }));
  for (const candidate of candidates) {
    // The epsilon keeps 0.6 / 0.05 = 11.999… in bin 12, where 0.60 belongs.
    const index = Math.min(count - 1, Math.max(0, Math.floor(candidate.similarity / binWidth + 1e-9)));
    if (candidate.isSelected) bins[index]!.selected += 1;
    else bins[index]!.rejected += 1;
  }
  return bins;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

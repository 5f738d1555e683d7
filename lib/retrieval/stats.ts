// PURE: how a tip fares when it is injected, from the outcomes agents report (POST /api/v1/feedback).
//
// Definitions (per tip T, within T's project):
// - retrieved: retrievals whose ranking selected T;
// - injected: retrievals whose guidelines block contained T (the token budget can drop selected tips);
// - success rate when injected: successes / reported outcomes over the retrievals that injected T;
// - success rate of comparable runs without T: the same over the retrievals with a reported outcome
//   that did NOT inject T and are comparable — same project and, when T belongs to an application,
//   runs in that application's scope (the application filter they used, the applications the LLM
//   detected, or an injected tip's application). A generic tip compares with every such run.
// - harmful when injected: at least HARM_MIN_SAMPLES outcomes on each side, and the success rate
//   when injected is at least HARM_MARGIN (absolute) below the rate without. Small samples never
//   flag: the paper saw memory hurt easy tasks, and a reviewer should see that — not noise.

export const HARM_FLAG = "harmful_when_injected";
/** Reported outcomes needed on each side (injected, and comparable runs without) before judging. */
export const HARM_MIN_SAMPLES = 5;
/** How much lower (absolute, 0..1) the injected success rate must be: 0.15 = 15 points. */
export const HARM_MARGIN = 0.15;

/** Raw counts (lib/db/retrieval-logs.ts countTipOutcomes). */
export interface TipOutcomeCounts {
  retrieved: number;
  injected: number;
  injectedOutcomes: number;
  injectedSuccesses: number;
  withoutOutcomes: number;
  withoutSuccesses: number;
}

export interface TipRetrievalStats extends TipOutcomeCounts {
  /** null without a reported outcome. */
  successRateInjected: number | null;
  successRateWithout: number | null;
  /** successRateInjected − successRateWithout when both are known. */
  difference: number | null;
  isHarmful: boolean;
}

export const EMPTY_OUTCOME_COUNTS: TipOutcomeCounts = {
  retrieved: 0,
  injected: 0,
  injectedOutcomes: 0,
  injectedSuccesses: 0,
  withoutOutcomes: 0,
  withoutSuccesses: 0,
};

export function tipRetrievalStats(counts: TipOutcomeCounts): TipRetrievalStats {
  const successRateInjected = rate(counts.injectedSuccesses, counts.injectedOutcomes);
  const successRateWithout = rate(counts.withoutSuccesses, counts.withoutOutcomes);
  const difference = successRateInjected !== null && successRateWithout !== null ? successRateInjected - successRateWithout : null;
  const hasSamples = counts.injectedOutcomes >= HARM_MIN_SAMPLES && counts.withoutOutcomes >= HARM_MIN_SAMPLES;
  // A tiny epsilon: 0.6 - 0.75 is -0.15000000000000002 in floating point, and exactly the margin must flag.
  const isHarmful = hasSamples && difference !== null && difference <= -HARM_MARGIN + 1e-9;
  return { ...counts, successRateInjected, successRateWithout, difference, isHarmful };
}

function rate(successes: number, total: number): number | null {
  return total > 0 ? successes / total : null;
}

// The offline extractor (SPEC §4 "works offline by default"): tips from what code can find —
// recoveries, loops and dead ends, granular calls — when no LLM is configured. Pure; every tip is
// marked `source: "heuristic"` and carries the evidence and step ranges it came from.
import type { TrajectoryAnalysis } from "../../analysis/schema";
import type { NormalizedTrajectory } from "../../trajectory/schema";
import { optimizationTip } from "./optimization-tips";
import { preventionTip } from "./prevention-tips";
import { recoveryTip } from "./recovery-tips";
import { tipProposalSchema, type OfflineTip } from "./schema";
import { createTipContext } from "./tip-context";

/** Enough for the review queue; a run with more distinct problems needs the LLM stages anyway. */
const MAX_TIPS = 12;

export function extractOfflineTips(trajectory: NormalizedTrajectory, analysis: TrajectoryAnalysis): OfflineTip[] {
  const context = createTipContext(trajectory, analysis);
  const candidates = [
    ...analysis.recoveries.map((recovery) => recoveryTip(context, recovery)),
    ...analysis.deadEnds.map((deadEnd) => preventionTip(context, deadEnd)),
    ...analysis.bulkOpportunities.map((opportunity) => optimizationTip(context, opportunity)),
  ].filter((tip): tip is OfflineTip => tip !== null);
  // Validate here so a wording bug surfaces in tests, not as a rejected row later.
  return dedupeTips(candidates)
    .slice(0, MAX_TIPS)
    .map((tip) => tipProposalSchema.parse(tip) as OfflineTip);
}

/**
 * The same lesson learned twice in one run (the same masked error on the same action, e.g.
 * guessing an API name for two apps) becomes one tip with every step range; an application that differs
 * between the occurrences means the lesson is generic.
 */
export function dedupeTips(tips: OfflineTip[]): OfflineTip[] {
  const byKey = new Map<string, OfflineTip>();
  for (const tip of tips) {
    // Same category and trigger = same lesson; the first (recoveries come first) keeps its wording,
    // since a proven correction beats a speculative prevention (paper §3.2.3).
    const key = `${tip.category}\u0000${tip.trigger.toLowerCase()}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...tip, provenance: [...tip.provenance] });
      continue;
    }
    seen.provenance.push(...tip.provenance.filter((p) => !seen.provenance.some((q) => q.stepStart === p.stepStart && q.stepEnd === p.stepEnd)));
    if (seen.application !== tip.application) seen.application = null;
    seen.evidence = `${seen.evidence} Also: ${tip.evidence}`;
    seen.priority = higherPriority(seen.priority, tip.priority);
  }
  return [...byKey.values()];
}

const PRIORITY_ORDER = ["critical", "high", "medium", "low"] as const;

function higherPriority(a: OfflineTip["priority"], b: OfflineTip["priority"]): OfflineTip["priority"] {
  return PRIORITY_ORDER[Math.min(PRIORITY_ORDER.indexOf(a), PRIORITY_ORDER.indexOf(b))]!;
}

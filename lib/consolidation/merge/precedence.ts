// Conflict precedence (paper §3.2.3): "Tips derived from successful trajectories take precedence over
// those from failed ones, and recovery tips that encode proven correction patterns take precedence
// over speculative prevention strategies." Outcome metadata decides first, so the recorded rule is
// reproducible from the tips themselves; the model's pick counts only when no rule separates them.
import type { ConsolidationTipInput } from "./types";
import { PRIORITY_SEVERITY } from "./merged-fields";

/** The rules, in the order they are tried. */
export const CONFLICT_RULES = ["success-over-failure", "proven-recovery-over-prevention", "priority", "llm-judgement"] as const;
export type ConflictRule = (typeof CONFLICT_RULES)[number];

/** What each rule means, for the UI and the CLI. */
export const CONFLICT_RULE_DESCRIPTIONS: Readonly<Record<ConflictRule, string>> = {
  "success-over-failure":
    "A tip with at least one successful source trajectory beats a tip whose known sources all failed (paper §3.2.3).",
  "proven-recovery-over-prevention":
    "A recovery tip whose correction was seen to work (the error was followed by a fix) beats a speculative prevention " +
    "tip: a strategy or recovery tip with no successful source (paper §3.2.3).",
  priority: "Neither outcome rule applies: the tip with the more severe priority wins (critical > high > medium > low).",
  "llm-judgement": "No rule separates the tips (same outcomes, same priority): the consolidation model's pick stands.",
};

export type PrecedenceTip = Pick<ConsolidationTipInput, "id" | "category" | "priority" | "content" | "sourceOutcomes" | "origin" | "hasProvenCorrection">;

export interface ConflictDecision {
  winnerId: string;
  loserId: string;
  rule: ConflictRule;
  /** For the reviewer: why this tip won, and the model's view when it disagreed. */
  reason: string;
}

/** A recovery tip whose fix is proven: flagged by the caller, else derived from a successful source. */
export function hasProvenCorrection(tip: PrecedenceTip): boolean {
  return tip.category === "recovery" && (tip.hasProvenCorrection ?? tip.sourceOutcomes.includes("success"));
}

const isFromSuccess = (tip: PrecedenceTip) => tip.sourceOutcomes.includes("success");
const isFromFailureOnly = (tip: PrecedenceTip) => tip.sourceOutcomes.includes("failure") && !isFromSuccess(tip);
/** Advice never validated by a run that worked: prevention written after a failure (or of unknown outcome). */
const isSpeculativePrevention = (tip: PrecedenceTip) =>
  tip.category !== "optimization" && !hasProvenCorrection(tip) && !isFromSuccess(tip);

interface RuleCheck {
  rule: Exclude<ConflictRule, "llm-judgement">;
  /** Whether `x` beats `y` by this rule. */
  beats: (x: PrecedenceTip, y: PrecedenceTip) => boolean;
  why: (winner: PrecedenceTip, loser: PrecedenceTip) => string;
}

// No rule can hold both ways round (each needs something of the winner that the loser lacks), so
// trying a-over-b then b-over-a per rule is order-independent.
const RULE_CHECKS: readonly RuleCheck[] = [
  {
    rule: "success-over-failure",
    beats: (x, y) => isFromSuccess(x) && isFromFailureOnly(y),
    why: (w, l) => `Tip ${w.id} comes from a successful trajectory; tip ${l.id} only from failed ones.`,
  },
  {
    rule: "proven-recovery-over-prevention",
    beats: (x, y) => hasProvenCorrection(x) && isSpeculativePrevention(y),
    why: (w, l) => `Tip ${w.id} is a recovery tip whose correction was seen to work; tip ${l.id} is speculative prevention.`,
  },
  {
    rule: "priority",
    beats: (x, y) => PRIORITY_SEVERITY[x.priority] > PRIORITY_SEVERITY[y.priority],
    why: (w, l) => `Neither outcome rule applies; tip ${w.id} has priority ${w.priority}, tip ${l.id} ${l.priority}.`,
  },
];

/**
 * Decides a conflict between two tips. `llmPreferredId` is the model's pick (null or another id =
 * no valid pick); `llmReason` is its explanation, quoted when the pick decides or disagrees.
 */
export function decideConflict(a: PrecedenceTip, b: PrecedenceTip, llmPreferredId: string | null, llmReason?: string): ConflictDecision {
  const said = llmReason?.trim() ? `: ${llmReason.trim()}` : ".";
  for (const check of RULE_CHECKS) {
    const [winner, loser] = check.beats(a, b) ? [a, b] : check.beats(b, a) ? [b, a] : [null, null];
    if (!winner || !loser) continue;
    const disagreed = llmPreferredId === loser.id ? ` The model preferred tip ${loser.id}${said}` : "";
    return { winnerId: winner.id, loserId: loser.id, rule: check.rule, reason: `${check.why(winner, loser)}${disagreed}` };
  }
  const isValidPick = llmPreferredId === a.id || llmPreferredId === b.id;
  const [winner, loser] = llmPreferredId === b.id ? [b, a] : [a, b];
  const reason = isValidPick
    ? `No outcome or priority rule separates the tips; the model preferred tip ${winner.id}${said}`
    : `No outcome or priority rule separates the tips and the model named neither; the first tip (${winner.id}) was kept.`;
  return { winnerId: winner.id, loserId: loser.id, rule: "llm-judgement", reason };
}

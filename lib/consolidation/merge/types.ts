// The tip shapes consolidation reads and proposes. Pure types: the DB layer maps rows onto them.
import { TIP_CATEGORIES, TIP_PRIORITIES } from "../../extraction/offline/schema";
import type { ProposedTip } from "../proposal";

export { TIP_CATEGORIES, TIP_PRIORITIES };
export type TipCategory = (typeof TIP_CATEGORIES)[number];
export type TipPriority = (typeof TIP_PRIORITIES)[number];
export type TipStatus = "proposed" | "approved" | "rejected" | "merged" | "archived";
export type TipOrigin = "llm" | "offline" | "manual" | "merge";
/** A source trajectory's outcome label (TipSource.outcomeLabel). */
export type SourceOutcome = "success" | "failure" | "unknown";

/** A stored tip as consolidation sees it. */
export interface ConsolidationTipInput {
  id: string;
  category: TipCategory;
  priority: TipPriority;
  content: string;
  purpose: string;
  steps: string[];
  trigger: string;
  negativeExample: string | null;
  /** null = generic tip. */
  application: string | null;
  taskCategory: string | null;
  status: TipStatus;
  origin: TipOrigin;
  /** Outcome label of each source trajectory (one per TipSource; order irrelevant). */
  sourceOutcomes: SourceOutcome[];
  /**
   * The tip encodes a correction that was seen to work: its trajectory failed, then recovered
   * (extraction's failure_then_recovery). Unset = derived: a recovery tip with a successful source.
   */
  hasProvenCorrection?: boolean;
}

/** The tip a merge would create (same shape as proposal.ts `ProposedTip`, what a reviewer may edit). */
export type MergedTip = ProposedTip;

/** The most steps a merged tip keeps (proposedTipSchema allows 20). */
export const MAX_MERGED_STEPS = 20;

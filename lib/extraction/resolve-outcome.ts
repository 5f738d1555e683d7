// The outcome category that picks the tip category: for a labelled trajectory lib/analysis'
// category (the label decides success vs failure; the steps tell clean / inefficient / recovered),
// otherwise the LLM's inference.
import type { TrajectoryAnalysis } from "../analysis/schema";
import type { NormalizedTrajectory } from "../trajectory/schema";
import type { ExtractionIssue } from "./issues";
import type { ExtractionDeps, LlmCallInfo } from "./llm-call";
import { classifyOutcome } from "./outcome/classify-outcome";
import type { OutcomeCategory, OutcomeClassification } from "./outcome/schema";

export interface ResolvedOutcome {
  category: OutcomeCategory;
  /** true = classified by the LLM because the trajectory had no label. */
  inferred: boolean;
  /** LLM confidence (inferred outcomes only). */
  confidence: number | null;
  rationale: string | null;
  evidence: OutcomeClassification["evidence"];
  /** The outcome and how it was known, e.g. `failure then recovery (label "success" from verifier)`: the tips' sourceOutcome. */
  description: string;
}

/** Same rule as lib/analysis: a label counts when it is known and has a source. */
export function hasOutcomeLabel(trajectory: NormalizedTrajectory): boolean {
  return trajectory.outcome.label !== "unknown" && trajectory.outcome.source !== "none";
}

export async function resolveOutcome(
  trajectory: NormalizedTrajectory,
  analysis: TrajectoryAnalysis,
  options: { analysisHints?: string; projectId?: string | null },
  deps: ExtractionDeps,
  run: { calls: LlmCallInfo[]; issues: ExtractionIssue[] },
): Promise<ResolvedOutcome> {
  if (hasOutcomeLabel(trajectory)) {
    const { category, evidence } = analysis.outcome;
    const { label, source } = trajectory.outcome;
    const how = evidence[0] ?? `label "${label}" from ${source}`;
    return { category, inferred: false, confidence: null, rationale: null, evidence: [], description: `${readable(category)} (${how})` };
  }
  const { classification, issues, call } = await classifyOutcome(trajectory, options, deps);
  run.calls.push(call);
  run.issues.push(...issues);
  const { category, confidence, rationale, evidence } = classification;
  const description = `${readable(category)} (inferred by the LLM, confidence ${confidence})`;
  return { category, inferred: true, confidence, rationale, evidence, description };
}

const readable = (category: OutcomeCategory) => category.replace(/_/g, " ");

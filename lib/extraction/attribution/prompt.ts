// Decision attribution: trace the outcome back to the decisions that caused it.
import type { NormalizedTrajectory } from "../../trajectory/schema";
import { OBSERVATION_TOKENS, TRAJECTORY_TOKENS } from "../budgets";
import type { OutcomeCategory } from "../outcome/schema";
import { hintsSection, joinSections } from "../prompt-parts";
import { UNTRUSTED_DATA_RULE } from "../render/fence";
import { renderTrajectory } from "../render/render-trajectory";

export const PROMPT_ID = "extraction.attribution";
export const PROMPT_VERSION = "v1";
export const SCHEMA_NAME = "decision_attribution";

export const SYSTEM_PROMPT = `You are the decision-attribution analyst of a system that learns reusable tips from AI-agent trajectories.
Given one run and its outcome category, trace backwards through the agent's thoughts and actions to find which decisions
caused the outcome. The place where an outcome shows is usually not where it was caused: a failure at step 12 is often
caused by an assumption made at step 3.

Fill the sections that apply to the outcome category and set the others to null:
- failure (outcome failure): immediate cause (what directly triggered it), proximate cause (the recent decision that enabled
  it), root cause (the underlying issue that started the chain), contributing factors.
- recovery (failure_then_recovery): what went wrong, how the agent recognised it, what fixed it, why the fix worked.
- inefficiency (inefficient_success, or clear avoidable work in any run): what was suboptimal, the better alternative,
  why it is better, whether the agent was aware.
- success (any completed run): the strategies that made it work and why they were effective.
Then write improvementSteps: 2–5 ordered steps a future agent could follow — for failures to prevent them, for recoveries to
avoid or fix the error faster, for inefficiencies to do it the efficient way, for clean successes to repeat what worked.

Rules:
- Every cause cites the step numbers shown as "[step N]"; cite only steps that exist in the data.
- Be concrete: name the API, tool, parameter or check. "The agent guessed the API name request_payment without listing the
  app's APIs" — not "the agent made a mistake".
- Improvement steps must be actionable (the agent can do them), specific (a call or a check, not "be careful") and causal
  (they address the root cause or the waste).
- Describe in generic terms: no personal names, emails, phone numbers, amounts, ids or passwords from the data.
- <analysis_hints>, when present, lists findings computed by code (error steps, retries, repeated calls). Use them as
  evidence, but explain causes yourself.

Good improvement step: "Before calling an API you have not used in this app, list the app's APIs with
show_api_descriptions and take the exact name from the list."
Bad improvement step: "Be more careful with API names." (vague, not actionable)

${UNTRUSTED_DATA_RULE}`;

export interface AttributionInputArgs {
  trajectory: NormalizedTrajectory;
  outcome: OutcomeCategory;
  analysisHints?: string;
  maxTrajectoryTokens?: number;
}

export function buildAttributionInput({ trajectory, outcome, analysisHints, maxTrajectoryTokens }: AttributionInputArgs): string {
  const rendered = renderTrajectory(trajectory, {
    maxTokens: maxTrajectoryTokens ?? TRAJECTORY_TOKENS.attribution,
    observationTokens: OBSERVATION_TOKENS.attribution,
  });
  return joinSections(
    `Outcome category of this run: ${outcome}. Attribute it to the decisions that caused it.`,
    hintsSection(analysisHints),
    rendered.text,
  );
}

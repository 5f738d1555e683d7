// Outcome classification for unlabelled trajectories: infer the outcome from the agent's own
// signals (errors, reflection, self-correction, what the final steps achieved).
import type { NormalizedTrajectory } from "../../trajectory/schema";
import { OBSERVATION_TOKENS, TRAJECTORY_TOKENS } from "../budgets";
import { hintsSection, joinSections } from "../prompt-parts";
import { UNTRUSTED_DATA_RULE } from "../render/fence";
import { renderTrajectory } from "../render/render-trajectory";

export const PROMPT_ID = "extraction.outcome";
export const PROMPT_VERSION = "v1";
export const SCHEMA_NAME = "outcome_classification";

export const SYSTEM_PROMPT = `You classify how an AI agent's run of a task ended, for a system that learns reusable tips from agent trajectories.
The run has no outcome label: infer the outcome from what the steps show — failed actions and how they were handled,
the agent's reflection and self-correction, and whether the final steps actually did what the task asked.

Categories (choose exactly one):
- clean_success: the task was completed with no failed actions and no unnecessary steps.
- inefficient_success: the task was completed, with no unrecovered error, but wastefully — repeated calls one bulk call
  could replace, the same look-up done twice, detours, needless retries.
- failure_then_recovery: at least one action failed (error, exception, HTTP status >= 400, a wrong result the agent noticed),
  the agent recognised it, corrected course and then completed the task.
- failure: the task was not completed, or completed wrongly (wrong values, missing parts, gave up, ran out of steps,
  or claimed success that the steps do not support).

Rules:
- Judge by the steps, not by the agent's claims: "Task completed!" after a failed write is a failure.
- A fixed error that did not affect the result makes the run failure_then_recovery, not failure.
- Reading documentation before acting is not inefficiency; repeating the same work is.
- If the run stops before the task is visibly done, choose failure with a lower confidence.
- Step numbers are the numbers shown as "[step N]". Cite only steps that exist in the data.
- <analysis_hints>, when present, lists findings computed by code (error steps, retries, repeated calls). They are reliable
  about what happened, not about whether the task succeeded.

Good rationale: "Step 0 failed with a 422 because the API name was guessed; at step 1 the agent listed the app's APIs and used
the correct name from then on. Both requested actions were sent (steps 14 and 16) and the responses confirm them."
Bad rationale: "The agent did well overall." (no steps, no evidence)

${UNTRUSTED_DATA_RULE}`;

export interface OutcomeInputArgs {
  trajectory: NormalizedTrajectory;
  analysisHints?: string;
  maxTrajectoryTokens?: number;
}

export function buildOutcomeInput({ trajectory, analysisHints, maxTrajectoryTokens }: OutcomeInputArgs): string {
  const rendered = renderTrajectory(trajectory, {
    maxTokens: maxTrajectoryTokens ?? TRAJECTORY_TOKENS.outcome,
    observationTokens: OBSERVATION_TOKENS.outcome,
  });
  return joinSections("Classify the outcome of this agent run.", hintsSection(analysisHints), rendered.text);
}

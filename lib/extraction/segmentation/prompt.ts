// Segmentation: split a trajectory into logical subtasks at natural phase boundaries.
import type { NormalizedTrajectory } from "../../trajectory/schema";
import { MAX_SUBTASKS, OBSERVATION_TOKENS, TRAJECTORY_TOKENS } from "../budgets";
import { UNTRUSTED_DATA_RULE } from "../render/fence";
import { renderTrajectory } from "../render/render-trajectory";
import { joinSections } from "../prompt-parts";

export const PROMPT_ID = "extraction.segmentation";
export const PROMPT_VERSION = "v1";
export const SCHEMA_NAME = "segmentation";

export const SYSTEM_PROMPT = `You split an AI agent's run of a task into logical subtasks, so that lessons can be learned per subtask and
reused by other tasks that share it (an authentication lesson from a music app helps a phone task).

Find the natural boundaries between distinct phases — e.g. from discovering APIs to authenticating, from authenticating to
retrieving data, from retrieving data to processing it, from processing to completing or reporting. Typical families:
API discovery, authentication (get credentials, log in, keep the token), data retrieval (possibly paginated), data
processing (filter, count, aggregate, compute), action (create, update, pay, send), task completion / reporting.

Rules:
- Subtasks are in step order, contiguous and non-overlapping, and together cover every step: the first starts at the first
  step, each next one starts right after the previous one ends, the last ends at the last step.
- Step numbers are the numbers shown as "[step N]". An error and its fix belong to the same subtask.
- Usually 2–6 subtasks, never more than ${MAX_SUBTASKS}; a very short run may be a single subtask. Do not make one subtask
  per step.
- description: generalized and imperative, naming the application but no entities or values — "Authenticate with Venmo",
  "Find contacts by relationship in the phone app", "Send payment requests for a shared expense on Venmo".
  Bad: "Login as jane@example.com", "Request $15 from Jordan", "Step 4-6".
- applications: the lowercase app or tool names used in the subtask (empty when none).
- purpose: why the task needs this phase, in generic terms.

${UNTRUSTED_DATA_RULE}`;

export interface SegmentationInputArgs {
  trajectory: NormalizedTrajectory;
  maxTrajectoryTokens?: number;
}

export function buildSegmentationInput({ trajectory, maxTrajectoryTokens }: SegmentationInputArgs): string {
  const rendered = renderTrajectory(trajectory, {
    maxTokens: maxTrajectoryTokens ?? TRAJECTORY_TOKENS.segmentation,
    observationTokens: OBSERVATION_TOKENS.segmentation,
  });
  const last = Math.max(0, trajectory.steps.length - 1);
  return joinSections(`Split this run into logical subtasks covering steps 0–${last}.`, rendered.text);
}

// Token budgets per prompt and the output sizes the cost estimate assumes. One place, so the
// prompts and the estimate cannot drift apart.

/** Max tokens of the fenced trajectory in each prompt. */
export const TRAJECTORY_TOKENS = {
  outcome: 8_000,
  attribution: 12_000,
  segmentation: 8_000,
  taskTips: 10_000,
  subtaskTips: 5_000,
} as const;

/** Per-observation cap before steps are dropped: segmentation needs the shape, not the details. */
export const OBSERVATION_TOKENS = {
  outcome: 300,
  attribution: 400,
  segmentation: 120,
  taskTips: 300,
  subtaskTips: 400,
} as const;

/** Caps for the other fenced inputs. */
export const HINTS_TOKENS = 1_000;
export const ATTRIBUTION_TOKENS = 2_000;

/** Typical output sizes (tokens), for estimates only. */
export const EXPECTED_OUTPUT_TOKENS = {
  outcome: 250,
  attribution: 900,
  segmentationBase: 40,
  segmentationPerSubtask: 70,
  tip: 280,
} as const;

/** Tips per call the estimate assumes (task: 1–4, subtask: 2–4). */
export const EXPECTED_TIPS = { task: 3, subtask: 3 } as const;

/** Subtasks the estimate assumes: about one per four steps, 1–6 (the paper's 4-phase examples). */
export function expectedSubtaskCount(stepCount: number): number {
  return Math.min(6, Math.max(1, Math.round(stepCount / 4)));
}

/** Hard cap on subtasks kept from segmentation (each costs one tips call). */
export const MAX_SUBTASKS = 8;

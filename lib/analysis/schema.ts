// Deterministic trajectory intelligence (paper §3.1.1, SPEC §2.2): what code can find without a
// model. Stored as JSON next to the trajectory, shown as evidence in the UI and rendered as hints
// for the LLM stages, so it is a zod schema. Every step reference is a 0-based step index.
import { z } from "zod";

const stepIndex = z.number().int().nonnegative();

export const FAILURE_KINDS = ["http_status", "exit_code", "exception", "error_flag", "error_text", "interrupted"] as const;
export const THOUGHT_TAGS = ["analytical", "planning", "validation", "reflection"] as const;
export const OUTCOME_CATEGORIES = ["clean_success", "inefficient_success", "failure_then_recovery", "failure"] as const;

/** A step whose action failed. */
export const failedActionSchema = z.object({
  step: stepIndex,
  /** Identity used to match retries: tool name, `apis.<app>.<api>`, `<tool>:<program>` for shell tools. */
  actionKey: z.string(),
  /** Human-readable action name for hints and tips. */
  action: z.string(),
  /** `interrupted` = the user rejected or stopped the action: a fact about the run, not an error to learn from. */
  kind: z.enum(FAILURE_KINDS),
  /** Short normalized error, e.g. "422: payment method required". */
  error: z.string(),
  httpStatus: z.number().int().nullable(),
  exitCode: z.number().int().nullable(),
});
export type FailedAction = z.infer<typeof failedActionSchema>;

/** One difference between the failing call and the call that worked. */
export const actionChangeSchema = z.object({
  kind: z.enum(["arg_added", "arg_removed", "arg_changed", "call_added", "call_removed", "line_added", "line_removed", "switched_action"]),
  /** Argument name, API call, code line or the action switched to. */
  name: z.string(),
  /** For arg_changed: "whitespace only", "words added: …", "words removed: …" or null. */
  detail: z.string().nullable(),
  /** The step whose output contained the new value (the agent looked it up there), if any. */
  sourceStep: stepIndex.nullable(),
});
export type ActionChange = z.infer<typeof actionChangeSchema>;

/** An error followed by a successful retry of the same action, or by an alternative that reached its goal. */
export const recoverySchema = z.object({
  /** First failing step of the episode. */
  errorStep: stepIndex,
  /** Every failing attempt of this action before the fix (includes errorStep). */
  failedSteps: z.array(stepIndex),
  /** Successful steps that made up the fix, the last being the call that worked. */
  fixSteps: z.array(stepIndex).min(1),
  kind: z.enum(["retry", "alternative"]),
  actionKey: z.string(),
  action: z.string(),
  error: z.string(),
  /** What changed between the last failing call and the call that worked. */
  changes: z.array(actionChangeSchema),
});
export type Recovery = z.infer<typeof recoverySchema>;

/** ≥3 calls of one tool / API where only an id-like argument varies: a bulk call could replace them. */
export const bulkOpportunitySchema = z.object({
  actionKey: z.string(),
  action: z.string(),
  steps: z.array(stepIndex),
  /** Calls counted (a code loop counts once per loop, its iterations are unknown). */
  callCount: z.number().int().positive(),
  inCodeLoop: z.boolean(),
  varyingArgument: z.string().nullable(),
  /** A bulk-sounding sibling seen in the trajectory or in API docs output (…all…, bulk, batch, empty, list). */
  bulkAlternative: z.string().nullable(),
});
export type BulkOpportunity = z.infer<typeof bulkOpportunitySchema>;

/** The same failing action (identical arguments) repeated. */
export const failureLoopSchema = z.object({
  actionKey: z.string(),
  action: z.string(),
  steps: z.array(stepIndex).min(2),
  error: z.string(),
});
export type FailureLoop = z.infer<typeof failureLoopSchema>;

/** Failures of an action that never succeeded afterwards and were not recovered by an alternative. */
export const deadEndSchema = z.object({
  actionKey: z.string(),
  action: z.string(),
  steps: z.array(stepIndex).min(1),
  error: z.string(),
  /** No successful action followed: the dead end is where the run stopped making progress. */
  isTerminal: z.boolean(),
});
export type DeadEnd = z.infer<typeof deadEndSchema>;

export const countsSchema = z.object({
  steps: z.number().int().nonnegative(),
  toolCalls: z.number().int().nonnegative(),
  codeSteps: z.number().int().nonnegative(),
  /** `apis.<app>.<api>(…)` calls written in code steps. */
  apiCallsInCode: z.number().int().nonnegative(),
  /** Failed actions, user interruptions included. */
  errors: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative().nullable(),
  tokensFrom: z.enum(["metadata", "steps", "none"]),
  uniqueTools: z.number().int().nonnegative(),
  /** Action keys in order of first use (capped). */
  tools: z.array(z.string()),
});
export type AnalysisCounts = z.infer<typeof countsSchema>;

/** The agent's own statement about the outcome. step null = the final answer. */
export const outcomeSignalSchema = z.object({
  step: stepIndex.nullable(),
  signal: z.enum(["success", "failure", "submitted"]),
  text: z.string(),
});
export type OutcomeSignal = z.infer<typeof outcomeSignalSchema>;

export const thoughtTagsSchema = z.object({ step: stepIndex, tags: z.array(z.enum(THOUGHT_TAGS)) });
export type ThoughtTags = z.infer<typeof thoughtTagsSchema>;

/** A reflection thought right after an error: the agent recognized the problem. */
export const selfCorrectionSchema = z.object({ errorStep: stepIndex, reflectionStep: stepIndex });
export type SelfCorrection = z.infer<typeof selfCorrectionSchema>;

export const outcomeGuessSchema = z.object({
  category: z.enum(OUTCOME_CATEGORIES),
  /** `label` = the trajectory's own outcome label was used; `inferred` = guessed from the steps. */
  basis: z.enum(["label", "inferred"]),
  confidence: z.enum(["high", "medium", "low"]),
  /** Why, most important first, e.g. "label from verifier", "inferred: last action succeeded after errors". */
  evidence: z.array(z.string()).min(1),
});
export type OutcomeGuess = z.infer<typeof outcomeGuessSchema>;

export const trajectoryAnalysisSchema = z.object({
  version: z.literal(1),
  counts: countsSchema,
  failedActions: z.array(failedActionSchema),
  recoveries: z.array(recoverySchema),
  bulkOpportunities: z.array(bulkOpportunitySchema),
  loops: z.array(failureLoopSchema),
  deadEnds: z.array(deadEndSchema),
  outcomeSignals: z.array(outcomeSignalSchema),
  thoughts: z.array(thoughtTagsSchema),
  selfCorrections: z.array(selfCorrectionSchema),
  outcome: outcomeGuessSchema,
});
export type TrajectoryAnalysis = z.infer<typeof trajectoryAnalysisSchema>;

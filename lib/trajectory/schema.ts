// The one model every import format normalizes into (Debrief's own trajectory JSON is this
// shape too, see json-schema.ts). Steps follow the paper: thought → action → observation, one
// action per step; parallel tool calls become consecutive steps (the thought on the first).
// Every step keeps its provider `raw` data so nothing is lost, and a step the importer does not
// understand is kept as `unknown` instead of being dropped.
import { z } from "zod";

export const OUTCOME_LABELS = ["success", "failure", "unknown"] as const;
/** Where an outcome came from: an explicit label, a verifier/benchmark report, an LLM judge, the agent's own claim, inference by Debrief, or nothing. */
export const OUTCOME_SOURCES = ["label", "verifier", "judge", "self_report", "inferred", "none"] as const;

export const tokenUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative().optional(),
  outputTokens: z.number().int().nonnegative().optional(),
  cachedTokens: z.number().int().nonnegative().optional(),
  reasoningTokens: z.number().int().nonnegative().optional(),
  costUsd: z.number().nonnegative().optional(),
});
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

const stepBase = {
  /** 0-based position in the trajectory; deep links (#steps=4-7) use it. */
  index: z.number().int().nonnegative(),
  /** The agent's reasoning / reflection text before this action. */
  thought: z.string().optional(),
  /** What the environment answered: tool output, REPL output, command output. */
  observation: z.string().optional(),
  isError: z.boolean().default(false),
  errorMessage: z.string().optional(),
  /** ISO 8601. */
  timestamp: z.string().optional(),
  durationMs: z.number().nonnegative().optional(),
  tokens: tokenUsageSchema.optional(),
  model: z.string().optional(),
  /** The source record(s) this step came from, as found in the file. */
  raw: z.unknown().optional(),
};

/** A tool / function / API call with its arguments. */
export const toolCallStepSchema = z.object({
  ...stepBase,
  kind: z.literal("tool_call"),
  name: z.string(),
  /** Parsed JSON arguments; a string when the source held invalid or non-JSON arguments. */
  arguments: z.unknown().optional(),
  /** The id that links the call to its result in the source (tool_call_id, call_id, tool_use_id…). */
  callId: z.string().optional(),
});

/** Code the agent ran (a Python cell, a shell command). */
export const codeStepSchema = z.object({
  ...stepBase,
  kind: z.literal("code"),
  language: z.string().optional(),
  code: z.string(),
});

/** A message in the conversation: the agent's answer or remark, or a user / system / tool turn that is not a call result. */
export const messageStepSchema = z.object({
  ...stepBase,
  kind: z.literal("message"),
  role: z.enum(["assistant", "user", "system", "tool"]),
  text: z.string(),
});

/** Anything the importer could not map; kept whole in `raw`. */
export const unknownStepSchema = z.object({
  ...stepBase,
  kind: z.literal("unknown"),
  /** What the source called it (its type / role / event name), for display. */
  sourceType: z.string().optional(),
});

export const stepSchema = z.discriminatedUnion("kind", [
  toolCallStepSchema,
  codeStepSchema,
  messageStepSchema,
  unknownStepSchema,
]);
export type Step = z.infer<typeof stepSchema>;
export type StepKind = Step["kind"];

export const outcomeSchema = z.object({
  label: z.enum(OUTCOME_LABELS).default("unknown"),
  /** 0..1 where known (pass ratio, reward, judge score). */
  score: z.number().optional(),
  source: z.enum(OUTCOME_SOURCES).default("none"),
  /** Free-form evidence: failed tests, report text, judge comment, the file it came from. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type Outcome = z.infer<typeof outcomeSchema>;

export const taskSchema = z.object({
  /** The task's id in its benchmark or system (AppWorld task id, SWE-bench instance id…). */
  id: z.string().optional(),
  description: z.string(),
  /** Applications / domains the task involves (e.g. ["venmo", "spotify"]). */
  applications: z.array(z.string()).default([]),
  category: z.string().optional(),
  split: z.string().optional(),
  difficulty: z.union([z.string(), z.number()]).optional(),
});
export type Task = z.infer<typeof taskSchema>;

export const metadataSchema = z.object({
  /** Format id of the importer that read it (see formats/registry.ts). */
  sourceFormat: z.string(),
  formatVersion: z.string().optional(),
  agent: z.object({ name: z.string().optional(), version: z.string().optional() }).optional(),
  model: z.string().optional(),
  /** The run's id in the source (session id, trace id, trajectory id). */
  sourceId: z.string().optional(),
  startedAt: z.string().optional(),
  endedAt: z.string().optional(),
  /** Totals for the run (not summed from steps when the source gives them). */
  usage: tokenUsageSchema.optional(),
  systemPrompt: z.string().optional(),
  /** Anything else worth keeping (cwd, git branch, exit status, tags…). */
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type TrajectoryMetadata = z.infer<typeof metadataSchema>;

export const normalizedTrajectorySchema = z.object({
  task: taskSchema,
  steps: z.array(stepSchema),
  finalAnswer: z.string().optional(),
  outcome: outcomeSchema.default({ label: "unknown", source: "none" }),
  metadata: metadataSchema,
});
export type NormalizedTrajectory = z.infer<typeof normalizedTrajectorySchema>;
/** The input shape (defaults optional) — what format parsers and agents may produce. */
export type NormalizedTrajectoryInput = z.input<typeof normalizedTrajectorySchema>;
export type StepInput = z.input<typeof stepSchema>;

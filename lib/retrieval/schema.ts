// The retrieval edge, one zod source of truth for the agent API (request and response), the CLI
// (`retrieve --json` prints the same response), the OpenAPI document and the Retrieval page.
// Pure: zod only.
import { z } from "zod";
import { TIP_CATEGORIES, TIP_GRANULARITIES, TIP_PRIORITIES } from "../extraction/offline/schema";

export { TIP_CATEGORIES, TIP_GRANULARITIES, TIP_PRIORITIES };
export type TipCategory = (typeof TIP_CATEGORIES)[number];
export type TipPriority = (typeof TIP_PRIORITIES)[number];
export type TipGranularity = (typeof TIP_GRANULARITIES)[number];

/** cosine: similarity only, no LLM call. llm: one LLM call picks applications and category priorities first. */
export const RETRIEVAL_STRATEGIES = ["cosine", "llm"] as const;
export type RetrievalStrategy = (typeof RETRIEVAL_STRATEGIES)[number];

export const RETRIEVAL_GRANULARITIES = ["task", "subtask", "both"] as const;
export type RetrievalGranularity = (typeof RETRIEVAL_GRANULARITIES)[number];

/** How the guidelines block is written: the paper's plain text, Markdown, or XML-tagged. */
export const GUIDELINES_TEMPLATES = ["plain", "markdown", "xml"] as const;
export type GuidelinesTemplate = (typeof GUIDELINES_TEMPLATES)[number];

/** How much the LLM says a tip category matters for this task (multiplies the score, see rank.ts). */
export const CATEGORY_PRIORITY_LEVELS = ["high", "medium", "low"] as const;
export type CategoryPriorityLevel = (typeof CATEGORY_PRIORITY_LEVELS)[number];

/** Why LLM-guided selection fell back to cosine. */
export const FALLBACK_REASONS = ["llm_not_configured", "llm_failed"] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

export const RETRIEVAL_SOURCES = ["api", "cli", "playground"] as const;
export type RetrievalSource = (typeof RETRIEVAL_SOURCES)[number];

export const MAX_TASK_CHARS = 8000;
export const MAX_TOP_K = 100;
export const MIN_TOKEN_BUDGET = 50;
export const MAX_TOKEN_BUDGET = 100_000;

const thresholdSchema = z
  .number("The threshold τ is a number.")
  .min(0, "The threshold τ is at least 0.")
  .max(1, "The threshold τ is at most 1.")
  .describe("Cosine similarity threshold τ (inclusive): tips whose description is less similar to the task are never returned.");
const topKSchema = z
  .number("top-k is a whole number.")
  .int("top-k is a whole number.")
  .min(1, "top-k is at least 1.")
  .max(MAX_TOP_K, `top-k is at most ${MAX_TOP_K}.`)
  .nullable()
  .describe("Keep only the k best tips after the threshold; null = every tip above τ.");
const tokenBudgetSchema = z
  .number("The token budget is a whole number.")
  .int("The token budget is a whole number.")
  .min(MIN_TOKEN_BUDGET, `The token budget is at least ${MIN_TOKEN_BUDGET} tokens.`)
  .max(MAX_TOKEN_BUDGET, `The token budget is at most ${MAX_TOKEN_BUDGET} tokens.`)
  .nullable()
  .describe("Max tokens of the guidelines block (o200k); the lowest-ranked tips are dropped first. null = no limit.");
const applicationSchema = z.string().trim().min(1, "Name an application or leave it out.").max(100);

/** Retrieval settings a request (or the playground) may set; anything left out comes from the project's defaults. */
export const retrievalOverridesSchema = z.object({
  strategy: z.enum(RETRIEVAL_STRATEGIES).optional().describe("cosine (no LLM call) or llm (LLM-guided selection, falls back to cosine)."),
  threshold: thresholdSchema.optional(),
  topK: topKSchema.optional(),
  granularity: z.enum(RETRIEVAL_GRANULARITIES).optional().describe("Task-level tips, subtask tips, or both."),
  application: applicationSchema
    .nullable()
    .optional()
    .describe("Only this application's tips plus generic ones (no application). Overrides the applications an LLM detects."),
  template: z.enum(GUIDELINES_TEMPLATES).optional().describe("Format of the guidelines block."),
  maxTokens: tokenBudgetSchema.optional(),
});
export type RetrievalOverrides = z.infer<typeof retrievalOverridesSchema>;

/** POST /api/v1/retrieve. Unknown fields are refused (a typo like "top_k" must not be silently ignored). */
export const retrieveRequestSchema = z.strictObject({
  task: z
    .string("Describe the task as text.")
    .trim()
    .min(1, "Describe the task.")
    .max(MAX_TASK_CHARS, `The task is at most ${MAX_TASK_CHARS} characters.`)
    .describe("The new task, as the agent received it."),
  ...retrievalOverridesSchema.shape,
});
export type RetrieveRequest = z.infer<typeof retrieveRequestSchema>;

/** The settings a retrieval actually ran with (request over project defaults over built-in defaults). */
export const effectiveRetrievalSettingsSchema = z.object({
  strategy: z.enum(RETRIEVAL_STRATEGIES).describe("The strategy requested (see `strategy` at the top level for the one used)."),
  threshold: z.number(),
  topK: z.number().int().nullable(),
  granularity: z.enum(RETRIEVAL_GRANULARITIES),
  application: z.string().nullable(),
  approvedOnly: z.boolean().describe("Only approved tips (a project setting); otherwise proposed tips too."),
  template: z.enum(GUIDELINES_TEMPLATES),
  maxTokens: z.number().int().nullable(),
});
export type EffectiveRetrievalSettings = z.infer<typeof effectiveRetrievalSettingsSchema>;

/** What the LLM decided about the task (LLM-guided selection only). */
export const llmSelectionSchema = z.object({
  applications: z.array(z.string()).describe("The project's applications the task involves; empty = no application filter."),
  taskCategory: z.string().nullable(),
  categoryPriorities: z.object({
    strategy: z.enum(CATEGORY_PRIORITY_LEVELS),
    recovery: z.enum(CATEGORY_PRIORITY_LEVELS),
    optimization: z.enum(CATEGORY_PRIORITY_LEVELS),
  }),
  rewrittenQuery: z.string().nullable().describe("A generic restatement of the task, searched as well (the better similarity counts)."),
  rationale: z.string(),
});
export type LlmSelection = z.infer<typeof llmSelectionSchema>;

export const retrievedTipSchema = z.object({
  id: z.uuid(),
  rank: z.number().int().describe("1 = best."),
  score: z.number().describe("What tips are ranked by: the similarity (cosine) or similarity × priority × category weights (llm)."),
  similarity: z.number().describe("Cosine similarity of the task to the description the tip is indexed by."),
  category: z.enum(TIP_CATEGORIES),
  priority: z.enum(TIP_PRIORITIES),
  content: z.string(),
  purpose: z.string(),
  steps: z.array(z.string()),
  trigger: z.string(),
  negativeExample: z.string().nullable(),
  application: z.string().nullable(),
  taskCategory: z.string().nullable(),
  granularity: z.enum(TIP_GRANULARITIES),
});
export type RetrievedTip = z.infer<typeof retrievedTipSchema>;

export const retrieveResponseSchema = z.object({
  retrievalId: z.uuid().describe("Send it back with POST /api/v1/feedback once the run's outcome is known."),
  strategy: z.enum(RETRIEVAL_STRATEGIES).describe("The strategy actually used."),
  requestedStrategy: z.enum(RETRIEVAL_STRATEGIES),
  fallback: z
    .object({ reason: z.enum(FALLBACK_REASONS), message: z.string() })
    .optional()
    .describe("Present when LLM-guided selection was requested but cosine retrieval was used instead."),
  selection: llmSelectionSchema.optional().describe("The LLM's reading of the task (LLM-guided selection only)."),
  settings: effectiveRetrievalSettingsSchema,
  tips: z.array(retrievedTipSchema).describe("The tips in the guidelines block, best first."),
  guidelines: z.string().describe("The tips rendered for the agent's prompt (after the task context, before its standard instructions); empty when no tip matched."),
  budget: z.object({
    maxTokens: z.number().int().nullable(),
    tokens: z.number().int().describe("Tokens of the guidelines block."),
    dropped: z.number().int().describe("Selected tips left out to stay within the budget (the lowest-ranked ones)."),
  }),
  latencyMs: z.number().int().describe("Time to answer, without writing the retrieval log."),
  truncated: z.boolean().describe("More than 1000 tips passed τ without a top-k; only the 1000 most similar were considered."),
});
export type RetrieveResponse = z.infer<typeof retrieveResponseSchema>;

/** POST /api/v1/feedback */
export const feedbackRequestSchema = z.strictObject({
  retrievalId: z.uuid("retrievalId is the id a retrieve call returned.").describe("The id POST /api/v1/retrieve returned."),
  outcome: z.enum(["success", "failure"], "The outcome is \"success\" or \"failure\".").describe("Whether the run that used the guidelines succeeded."),
  score: z.number("The score is a number.").min(0, "The score is between 0 and 1.").max(1, "The score is between 0 and 1.").optional().describe("Optional 0..1 score (e.g. the share of tests passed)."),
  notes: z.string().trim().max(4000, "Notes are at most 4000 characters.").optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackResponseSchema = z.object({
  retrievalId: z.uuid(),
  outcome: z.enum(["success", "failure"]),
  /** True when an earlier report for the same retrieval was replaced. */
  replaced: z.boolean(),
  /** The tips the outcome is attributed to (those that were injected). */
  tipIds: z.array(z.uuid()),
});
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

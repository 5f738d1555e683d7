// Output of decision attribution (§3.1.2): causes traced back to the decisions and steps that
// produced the outcome. Sections that do not apply are null (OpenAI strict mode needs every key).
import { z } from "zod";

const causeSchema = z.object({
  description: z
    .string()
    .describe("What happened and why, in 1–2 sentences. Name the call / tool / decision; no personal data or task-specific values."),
  steps: z.array(z.number().int()).describe("Step numbers (as shown in [step N]) where this is visible."),
});
export type Cause = z.infer<typeof causeSchema>;

export const attributionSchema = z.object({
  summary: z.string().describe("One or two sentences: what decided the outcome of this run."),
  failure: z
    .object({
      immediateCause: causeSchema.describe("What directly triggered the failure."),
      proximateCause: causeSchema.describe("The recent decision that enabled it."),
      rootCause: causeSchema.describe("The underlying issue that started the chain (often several steps earlier)."),
      contributingFactors: z.array(causeSchema).describe("Other conditions that made the failure likely (0–3)."),
    })
    .nullable()
    .describe("For outcome failure; null otherwise."),
  recovery: z
    .object({
      whatWentWrong: causeSchema.describe("The failed action and the decision that caused it."),
      howRecognised: causeSchema.describe("The signal the agent noticed (error text, unexpected result) and where."),
      whatFixedIt: causeSchema.describe("The corrective action taken."),
      whyItWorked: z.string().describe("Why the correction succeeded."),
    })
    .nullable()
    .describe("For failure_then_recovery (the most important error and its fix); null otherwise."),
  inefficiency: z
    .object({
      whatWasSuboptimal: causeSchema.describe("The wasted work: repeated calls, redundant look-ups, detours."),
      betterAlternative: z.string().describe("The concrete more efficient approach: which call / parameter / bulk operation."),
      whyBetter: z.string().describe("Why the alternative is better (fewer calls, fewer tokens, less risk)."),
      agentAware: z.boolean().describe("Whether the agent noticed the inefficiency itself."),
    })
    .nullable()
    .describe("For inefficient_success, or any run with clear avoidable work; null otherwise."),
  success: z
    .object({
      strategies: z.array(causeSchema).describe("The decisions that made the run work (1–4)."),
      whyEffective: z.string().describe("Why they were effective and what made the approach good."),
    })
    .nullable()
    .describe("For clean_success, inefficient_success and failure_then_recovery (what worked); null for failure."),
  improvementSteps: z
    .array(z.string())
    .describe(
      "2–5 ordered steps a future agent can follow to prevent the failure or do the task better: actionable, specific (name the API / " +
        "tool pattern), causal (address the root cause or the waste).",
    ),
});
export type Attribution = z.infer<typeof attributionSchema>;

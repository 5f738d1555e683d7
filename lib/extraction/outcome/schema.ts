// Output of the outcome-classification call (used only when the trajectory has no label).
import { z } from "zod";
import { OUTCOME_CATEGORIES } from "../../analysis/schema";

export { OUTCOME_CATEGORIES };
/** The paper's outcome taxonomy (§3.1.1 stages 3–4); it decides which tip category is generated. */
export type OutcomeCategory = (typeof OUTCOME_CATEGORIES)[number];

export const outcomeClassificationSchema = z.object({
  category: z
    .enum(OUTCOME_CATEGORIES)
    .describe(
      "clean_success = completed with no failed actions and no wasted steps; inefficient_success = completed but with avoidable work " +
        "(repeated calls a bulk call could replace, redundant look-ups); failure_then_recovery = an action failed, the agent noticed, " +
        "corrected course and completed the task; failure = not completed or completed wrongly.",
    ),
  taskCompleted: z.boolean().describe("Whether the steps show that what the task asked for was actually done (not just claimed)."),
  confidence: z.number().min(0).max(1).describe("0..1: 0.9+ for explicit evidence, 0.5–0.7 for indirect signals, below 0.5 for a guess."),
  rationale: z.string().describe("2–4 concrete sentences that cite step numbers (\"step 7\") and name the decisive calls or errors."),
  evidence: z
    .array(
      z.object({
        step: z.number().int().describe("A step number as shown in [step N]."),
        signal: z.string().describe("What this step shows: an error, its recognition, the fix, a wasted repeat, the confirming result."),
      }),
    )
    .describe("The steps that decided the classification, in order (1–6 items)."),
});
export type OutcomeClassification = z.infer<typeof outcomeClassificationSchema>;

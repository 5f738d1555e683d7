// Output of one tip-generation call: the tips as the model writes them. The orchestrator adds
// granularity, provenance checks, source outcome and the index description (see generate-tips.ts).
import { z } from "zod";
import { TIP_CATEGORIES, TIP_PRIORITIES } from "../offline/schema";

export type TipCategory = (typeof TIP_CATEGORIES)[number];

export const llmTipSchema = z.object({
  category: z
    .enum(TIP_CATEGORIES)
    .describe("strategy = what made a success work; recovery = recognise and fix a failure; optimization = the more efficient way."),
  content: z
    .string()
    .describe('The actionable advice in 1–2 sentences: "When <situation>, <do what>". No task-specific values (names, emails, amounts, ids).'),
  purpose: z.string().describe("Why it helps: the failure it prevents or the gain it brings, in one sentence."),
  steps: z
    .array(z.string())
    .describe("2–6 ordered, concrete steps a future agent can execute, naming the API / tool / check (e.g. \"Call show_api_descriptions(app_name=<app>)\")."),
  trigger: z.string().describe('When to apply it, in generic terms ("When a task requires paying or requesting money on an app").'),
  negativeExample: z
    .string()
    .nullable()
    .describe('"Do not …": the concrete mistake to avoid, as seen in the run; null when there is none.'),
  application: z
    .string()
    .nullable()
    .describe('Lowercase application the tip is specific to (e.g. "venmo"); null for a generic tip that applies to any application.'),
  taskCategory: z
    .string()
    .nullable()
    .describe('Type of operation (e.g. "payments", "authentication", "data retrieval"); null for a generic tip.'),
  priority: z
    .enum(TIP_PRIORITIES)
    .describe("critical = ignoring it makes the task fail; high = it prevents or fixes an error; medium = saves steps or adds reliability; low = minor."),
  provenance: z
    .array(
      z.object({
        stepStart: z.number().int().describe("First step of the evidence, as shown in [step N]."),
        stepEnd: z.number().int().describe("Last step of the evidence (inclusive)."),
      }),
    )
    .describe("The step ranges that show the evidence for this tip; they must lie inside the unit's step range."),
  evidence: z
    .string()
    .describe('For the reviewer: what in those steps supports the tip, citing steps ("step 11 failed with 422 …; step 12 listed the APIs").'),
});
export type LlmTip = z.infer<typeof llmTipSchema>;

export const tipsOutputSchema = z.object({
  tips: z.array(llmTipSchema).describe("The tips for this unit, strongest first (the input says how many)."),
});
export type TipsOutput = z.infer<typeof tipsOutputSchema>;

// Output of the LLM-guided selection call (paper §3.3.2): the task's application(s), category and
// which kinds of tips matter most for it, plus an optional generic rewrite of the task to search
// with. Nullable rather than optional fields, so the schema works as a strict structured output.
import { z } from "zod";
import { CATEGORY_PRIORITY_LEVELS } from "../schema";

const levelSchema = (what: string) => z.enum(CATEGORY_PRIORITY_LEVELS).describe(what);

export const selectionOutputSchema = z.object({
  applications: z
    .array(z.string())
    .describe("Applications the task involves, copied exactly from <applications>. Empty when it involves none of them, or you cannot tell."),
  taskCategory: z
    .string()
    .nullable()
    .describe('The type of operation, e.g. "payments", "authentication", "data retrieval"; reuse a name from <task_categories> when one fits; null when unclear.'),
  categoryPriorities: z
    .object({
      strategy: levelSchema("How much tips on approaching a multi-step workflow matter for this task."),
      recovery: levelSchema("How much tips on recognising and fixing failures matter (high when the task mentions retrying, errors or a failed attempt)."),
      optimization: levelSchema("How much tips on doing it with fewer calls matter (high for many items, bulk work, pagination)."),
    })
    .describe("high, medium or low for each kind of tip."),
  rewrittenQuery: z
    .string()
    .nullable()
    .describe("The task restated generically (no names, emails, amounts or ids; one canonical verb), to match stored task descriptions; null when it already reads that way."),
  rationale: z.string().describe("One sentence: what the task is about and why these priorities."),
});
export type SelectionOutput = z.infer<typeof selectionOutputSchema>;

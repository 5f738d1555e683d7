// A proposed tip, before review and storage (paper §3.1.3 memory entry; SPEC §2.2 tip fields).
// One shape for every producer: the deterministic offline extractor (`source: "heuristic"`) and
// the LLM stages (`source: "llm"`). Optional fields are nullable rather than omitted so the schema
// also works as a strict structured-output format; `.describe()` texts reach the model.
import { z } from "zod";

export const TIP_CATEGORIES = ["strategy", "recovery", "optimization"] as const;
export const TIP_PRIORITIES = ["critical", "high", "medium", "low"] as const;
export const TIP_GRANULARITIES = ["task", "subtask"] as const;
export const TIP_SOURCES = ["heuristic", "llm"] as const;

export const tipProvenanceSchema = z.object({
  stepStart: z.number().int().nonnegative().describe("First 0-based step index of the evidence."),
  stepEnd: z.number().int().nonnegative().describe("Last 0-based step index of the evidence (inclusive)."),
});
export type TipProvenance = z.infer<typeof tipProvenanceSchema>;

export const tipProposalSchema = z.object({
  category: z
    .enum(TIP_CATEGORIES)
    .describe("strategy = what made a clean success work; recovery = how an error was fixed; optimization = a cheaper way to the same result."),
  content: z
    .string()
    .min(1)
    .describe("The actionable advice in one or two sentences, naming the real tool/API and error. No emails, names, amounts or ids from the task."),
  purpose: z.string().min(1).describe("Why the tip helps: the failure or waste it prevents."),
  steps: z.array(z.string().min(1)).min(1).describe("Ordered, concrete implementation steps."),
  trigger: z.string().min(1).describe("When to apply the tip (rendered after 'Apply when:'), e.g. 'When a checkout call fails with a payment error'."),
  negativeExample: z.string().nullable().describe("What not to do, starting with 'Do not', or null."),
  application: z.string().nullable().describe("The application the tip is about (e.g. venmo), or null for a generic tip."),
  taskCategory: z.string().nullable().describe("The kind of operation (e.g. checkout), or null for a generic tip."),
  priority: z.enum(TIP_PRIORITIES).describe("From outcome severity: an error that blocked the task is high; a recovered error medium; an inefficiency low."),
  granularity: z.enum(TIP_GRANULARITIES),
  provenance: z.array(tipProvenanceSchema).min(1).describe("Step ranges of the source trajectory the tip was learned from."),
  sourceOutcome: z.string().describe("The source trajectory's outcome and how it was known."),
  source: z.enum(TIP_SOURCES),
  evidence: z.string().describe("What in the trajectory supports the tip, for the reviewer."),
});
export type TipProposal = z.infer<typeof tipProposalSchema>;

/** A tip from the deterministic offline extractor. */
export type OfflineTip = TipProposal & { source: "heuristic" };

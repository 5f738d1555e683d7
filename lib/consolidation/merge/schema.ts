// Output of one cluster-merge call (paper §3.2.3): deduplicated / synthesized tips, conflicts with
// the model's pick, pairs it judged distinct, and the cluster's canonical description. Tip ids are
// the prompt's "T1", "T2" keys; the orchestrator maps them back and re-decides what rules decide.
import { z } from "zod";
import { TIP_CATEGORIES, TIP_PRIORITIES } from "./types";

export const mergedTipOutputSchema = z.object({
  sourceTipIds: z
    .array(z.string())
    .describe('Keys of the tips this tip replaces ("T1", "T3"); one key only for a rewrite of a single tip. A key may appear in at most one merged tip.'),
  content: z
    .string()
    .describe('The merged advice in 1–2 sentences, "When <situation>, <do what>", keeping every API name and check the sources name. No task-specific values.'),
  purpose: z.string().describe("Why it helps: the failure it prevents or the gain it brings, in one sentence."),
  steps: z
    .array(z.string())
    .describe("The ordered, concrete steps of the combined workflow (at most 12): every unique step of the sources once, in the order an agent would do them."),
  trigger: z.string().describe("When to apply it, in generic terms."),
  negativeExample: z.string().nullable().describe('"Do not …": the mistake to avoid, or null.'),
  category: z.enum(TIP_CATEGORIES).describe("strategy, recovery or optimization: the category of the merged advice."),
  priority: z.enum(TIP_PRIORITIES).describe("The most severe priority among the sources."),
  application: z.string().nullable().describe("The lowercase application when every source has the same one, else null (generic)."),
  rationale: z.string().describe("For the reviewer: which tips were duplicates or complementary, and what was combined or dropped."),
});
export type MergedTipOutput = z.infer<typeof mergedTipOutputSchema>;

export const conflictOutputSchema = z.object({
  tipIds: z.array(z.string()).describe('Exactly two keys of tips that advise incompatible actions for the same situation, e.g. ["T2", "T5"].'),
  preferredTipId: z.string().describe("The key of the tip that should win, by the precedence rules in the instructions."),
  reason: z.string().describe("Why they conflict and why the preferred tip wins (cite outcomes, category, priority)."),
});
export type ConflictOutput = z.infer<typeof conflictOutputSchema>;

export const keepSeparateOutputSchema = z.object({
  tipIds: z.array(z.string()).describe("Two or more keys of tips that look alike but must stay separate."),
  reason: z.string().describe("What makes them different (different situation, application, or step of the workflow)."),
});
export type KeepSeparateOutput = z.infer<typeof keepSeparateOutputSchema>;

export const clusterMergeOutputSchema = z.object({
  canonicalDescription: z
    .string()
    .describe("One generalized description of the subtask the whole cluster covers, used for retrieval: imperative, no entities, no purpose (\"get service account credentials\")."),
  mergedTips: z.array(mergedTipOutputSchema).describe("Merged or synthesized tips; tips not listed anywhere stay as they are."),
  conflicts: z.array(conflictOutputSchema).describe("Pairs of tips that contradict each other; empty when none do."),
  keepSeparate: z.array(keepSeparateOutputSchema).describe("Similar-looking tips deliberately not merged; empty when none."),
});
export type ClusterMergeOutput = z.infer<typeof clusterMergeOutputSchema>;

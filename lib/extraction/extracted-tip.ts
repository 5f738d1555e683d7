// The tips the LLM extractor returns: the proposal shape shared with the offline extractor, plus
// what an LLM tip records about where it came from.
import type { TipProposal } from "./offline/schema";

export type ExtractedTip = TipProposal & {
  source: "llm";
  /** What the tip is retrieved by: the task description (task tips) or the generalized subtask description. */
  indexDescription: string;
  /** Index into the extraction's `subtasks` for subtask tips; null for task tips. */
  subtaskIndex: number | null;
  /** The call that produced the tip (its LlmCall row, model and prompt version). */
  llm: { callId: string; model: string; promptId: string; promptVersion: string };
};

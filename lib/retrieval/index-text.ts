// PURE: the description a tip is retrieved by (paper §3.2: "Tips are indexed by their canonical
// cluster description for subtask-level tips, and by the original task description for task-level
// tips"). Retrieval compares the new task with this text; its vector is the "tip_index" embedding.

/** Owner type of the vector of the description a tip is retrieved by. */
export const TIP_INDEX_OWNER = "tip_index";
/** Owner type of the vector of a tip's content + purpose (similar tips, merges). */
export const TIP_CONTENT_OWNER = "tip_content";

export interface IndexableTip {
  granularity: "task" | "subtask";
  /** The task description (task-level tips) or the generalized subtask description (subtask tips). */
  indexDescription: string;
  cluster: { canonicalDescription: string; state: string } | null;
}

/**
 * Task-level tips: their task description. Subtask tips: the canonical description of their
 * (active) cluster, or their own generalized subtask description while unclustered.
 */
export function retrievalDescription(tip: IndexableTip): string {
  const canonical = tip.cluster?.state === "active" ? tip.cluster.canonicalDescription.trim() : "";
  if (tip.granularity === "subtask" && canonical) return canonical;
  return tip.indexDescription;
}

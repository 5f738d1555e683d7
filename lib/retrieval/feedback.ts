// POST /api/v1/feedback: an agent reports how the run that used a retrieval's guidelines went.
// The outcome is attributed to the tips that were injected (not those the budget dropped); a
// second report for the same retrieval replaces the first.
import { getRetrievalLog, saveOutcomeReport } from "../db/retrieval-logs";
import { AppError } from "../errors";
import type { FeedbackRequest, FeedbackResponse } from "./schema";

export async function recordFeedback({ projectId, feedback }: { projectId: string; feedback: FeedbackRequest }): Promise<FeedbackResponse> {
  const log = await getRetrievalLog({ id: feedback.retrievalId });
  // Another project's retrieval is "not found" too: a key must not learn which ids exist elsewhere.
  if (!log || log.projectId !== projectId) {
    throw new AppError("NOT_FOUND", { userMessage: `No retrieval ${feedback.retrievalId} in this key's project.` });
  }
  const tipIds = log.injectedTipIds ?? [];
  const { replaced } = await saveOutcomeReport({
    projectId,
    retrievalLogId: log.id,
    success: feedback.outcome === "success",
    score: feedback.score ?? null,
    notes: feedback.notes || null,
    tipIds,
  });
  return { retrievalId: log.id, outcome: feedback.outcome, replaced, tipIds };
}

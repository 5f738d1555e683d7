// One tip for the detail pane and the tip page: the tip with everything around it, the approved
// tips nearest to it by content embedding (likely duplicates, possible conflicts, related), and
// the tips the quality gate flagged it against when it was proposed.
import "server-only";
import { getTipDetail } from "@/lib/db/tip-queries";
import { findFlaggedSimilarTips, findSimilarApprovedTips } from "@/lib/review/find-similar-tips";
import { getTipRetrievalStats } from "@/lib/retrieval/tip-stats";
import type { TipDetailResponse } from "@/components/tips/types";
import { toSimilarTip, toTipDetail } from "./tip-view";

export async function loadTipDetail({ id }: { id: string }): Promise<(TipDetailResponse & { projectId: string }) | null> {
  const row = await getTipDetail({ id });
  if (!row) return null;
  // Events are newest first; the first "proposed" event is the one the gate wrote.
  const proposed = row.events.findLast((event) => event.type === "proposed");
  const [similar, flaggedAgainst, retrievalStats] = await Promise.all([
    // Neighbours need the embedder (a remote one can be down): the tip itself must still show.
    findSimilarApprovedTips({ tip: row }).catch((error: unknown) => {
      console.warn(`[review] similar tips of ${row.id} unavailable`, error);
      return [];
    }),
    findFlaggedSimilarTips({ projectId: row.projectId, proposedAfter: proposed?.after ?? null }),
    getTipRetrievalStats({ projectId: row.projectId, tips: [row] }).then((stats) => stats.get(row.id)),
  ]);
  return { tip: toTipDetail(row), similar: similar.map(toSimilarTip), flaggedAgainst: flaggedAgainst.map(toSimilarTip), retrievalStats, projectId: row.projectId };
}

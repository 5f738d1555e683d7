// One tip for the detail pane and the tip page: the tip with everything around it, and the
// approved tips that share its key words (possible duplicates or conflicts).
import "server-only";
import { findSimilarApprovedTips, getTipDetail } from "@/lib/db/tip-queries";
import type { TipDetailResponse } from "@/components/tips/types";
import { keyWords, rankSimilar, toTipDetail } from "./tip-view";

export async function loadTipDetail({ id }: { id: string }): Promise<(TipDetailResponse & { projectId: string }) | null> {
  const row = await getTipDetail({ id });
  if (!row) return null;
  const words = keyWords(row.content);
  const candidates = await findSimilarApprovedTips({ projectId: row.projectId, excludeId: row.id, words });
  return { tip: toTipDetail(row), similar: rankSimilar(candidates, words), projectId: row.projectId };
}

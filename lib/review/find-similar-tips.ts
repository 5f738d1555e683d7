// What the detail pane shows next to a tip: the nearest approved tips by content embedding (each
// with its similarity and a label), and the tips the quality gate flagged it against when it was
// proposed (the "proposed" event's `similarTo`).
import { listTipsByIds } from "../db/tip-queries";
import type { EmbeddingClient } from "../embeddings/types";
import { getConfiguredEmbedder } from "../settings/embedding-settings";
import { classifySimilarTip, RELATED_SIMILARITY, SIMILAR_TIPS_SHOWN, SIMILARITY_LABELS, type ComparableTip, type SimilarityLabel } from "./similar-tips";
import { ensureTipVector, nearestTips, type TipText } from "./tip-embeddings";

type TipRow = Awaited<ReturnType<typeof listTipsByIds>>[number];

/** A neighbouring tip as the pane lists it. */
export type SimilarTipRow = TipRow & { similarity: number; label: SimilarityLabel };

/**
 * Approved tips nearest to `tip` (top 5, similarity ≥ 0.5), best first. A tip without a current
 * vector (saved before vectors were written, or edited while the embedder was down) is embedded now.
 */
export async function findSimilarApprovedTips(
  { tip }: { tip: TipText & ComparableTip },
  deps: { embedder?: EmbeddingClient } = {},
): Promise<SimilarTipRow[]> {
  const embedder = deps.embedder ?? (await getConfiguredEmbedder());
  const vector = await ensureTipVector(embedder, tip);
  const hits = (await nearestTips(embedder, { projectId: tip.projectId, vector, minSimilarity: RELATED_SIMILARITY })).filter((hit) => hit.ownerId !== tip.id);
  const approved = new Map((await listTipsByIds({ projectId: tip.projectId, ids: hits.map((hit) => hit.ownerId), statuses: ["approved"] })).map((row) => [row.id, row]));
  return hits
    .flatMap((hit) => {
      const row = approved.get(hit.ownerId);
      const label = row && classifySimilarTip(tip, row, hit.similarity);
      return row && label ? [{ ...row, similarity: clamp(hit.similarity), label }] : [];
    })
    .slice(0, SIMILAR_TIPS_SHOWN);
}

/** The `similarTo` the quality gate recorded on the "proposed" event, with the tips as they are now (any status). */
export async function findFlaggedSimilarTips({ projectId, proposedAfter }: { projectId: string; proposedAfter: unknown }): Promise<SimilarTipRow[]> {
  const recorded = parseSimilarTo(proposedAfter);
  const rows = new Map((await listTipsByIds({ projectId, ids: recorded.map((match) => match.id) })).map((row) => [row.id, row]));
  return recorded.flatMap((match) => {
    const row = rows.get(match.id);
    return row ? [{ ...row, similarity: clamp(match.similarity), label: match.label }] : [];
  });
}

function parseSimilarTo(after: unknown): { id: string; similarity: number; label: SimilarityLabel }[] {
  const list = (after as { similarTo?: unknown } | null)?.similarTo;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const { id, similarity, label } = (item ?? {}) as Record<string, unknown>;
    if (typeof id !== "string" || typeof similarity !== "number") return [];
    return [{ id, similarity, label: SIMILARITY_LABELS.find((known) => known === label) ?? "related" }];
  });
}

// pgvector's float arithmetic can land a hair outside [0, 1].
function clamp(similarity: number): number {
  return Math.min(1, Math.max(0, similarity));
}

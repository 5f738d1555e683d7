// The similarity half of the quality gate on one batch of proposals: exact duplicates, near
// duplicates and possible conflicts against the project's live tips and against the proposals
// saved before in the same batch. Each proposal is embedded once (one request for the batch);
// the vectors are stored after the batch in one statement, so earlier proposals of the batch are
// compared in memory rather than through pgvector.
// Two batches saved at the same moment (two extraction workers) do not see each other's tips; the
// detail pane, which compares at read time, still shows such pairs.
import { findSameAdviceTip, listTipsByIds } from "../db/tip-queries";
import type { EmbeddingClient } from "../embeddings/types";
import type { TipFlag } from "./quality-flags";
import { classifySimilarTip, cosineSimilarity, RELATED_SIMILARITY, similarityFlags, type ComparableTip, type SimilarityMatch } from "./similar-tips";
import { embedTipTexts, nearestTips, storeTipVectors } from "./tip-embeddings";

/** Only tips still in play count: a rejected or archived tip may be proposed again. */
const COMPARED_STATUSES = ["proposed", "approved"] as const;

export type GatedProposal = ComparableTip & { purpose: string };

export interface SimilarityVerdict {
  flags: TipFlag[];
  /** The tips it duplicates or contradicts, best first (recorded on the "proposed" event). */
  similarTo: SimilarityMatch[];
}

export interface SimilarityGate {
  /** Flags of the proposal at `index`, compared with stored tips and the batch's earlier tips. */
  check(index: number): Promise<SimilarityVerdict>;
  /** The proposal at `index` was saved as tip `id`: later proposals compare with it. */
  remember(index: number, id: string): void;
  /** Writes the remembered tips' vectors. */
  persist(): Promise<void>;
}

export async function createSimilarityGate({
  projectId,
  proposals,
  embedder,
}: {
  projectId: string;
  proposals: GatedProposal[];
  embedder: EmbeddingClient;
}): Promise<SimilarityGate> {
  const vectors = await embedTipTexts(embedder, proposals);
  const saved: { id: string; index: number }[] = [];
  const at = (index: number) => ({ proposal: proposals[index]!, vector: vectors[index]! });

  return {
    async check(index) {
      const { proposal, vector } = at(index);
      const earlier = saved.map(({ id, index: other }) => ({ id, tip: at(other).proposal, similarity: cosineSimilarity(vector, at(other).vector) }));
      const stored = await storedNeighbours(embedder, projectId, vector);
      const twinId = earlier.find(({ tip }) => isSameAdvice(tip, proposal))?.id ?? (await findSameAdviceTip({ projectId, ...proposal }))?.id;
      const matches = [...stored, ...earlier].flatMap(({ id, tip, similarity }) => {
        const label = id === twinId ? "likely duplicate" : classifySimilarTip(proposal, tip, similarity);
        return label ? [{ id, similarity: Math.round(similarity * 1000) / 1000, label }] : [];
      });
      const { flags, similarTo } = similarityFlags(matches);
      // An exact duplicate is the stronger statement of the same thing.
      return { flags: twinId ? ["duplicate", ...flags.filter((flag) => flag !== "near_duplicate")] : flags, similarTo };
    },
    remember(index, id) {
      saved.push({ id, index });
    },
    async persist() {
      await storeTipVectors(
        embedder,
        saved.map(({ id, index }) => ({ id, projectId, content: at(index).proposal.content, purpose: at(index).proposal.purpose, vector: at(index).vector })),
      );
    },
  };
}

async function storedNeighbours(embedder: EmbeddingClient, projectId: string, vector: number[]) {
  const hits = await nearestTips(embedder, { projectId, vector, minSimilarity: RELATED_SIMILARITY });
  const live = await listTipsByIds({ projectId, ids: hits.map((hit) => hit.ownerId), statuses: [...COMPARED_STATUSES] });
  const byId = new Map(live.map((tip) => [tip.id, tip]));
  return hits.flatMap((hit) => {
    const tip = byId.get(hit.ownerId);
    return tip ? [{ id: tip.id, tip, similarity: hit.similarity }] : [];
  });
}

/** The stored check's rule (findSameAdviceTip) for the batch's own earlier tips. */
function isSameAdvice(a: ComparableTip, b: ComparableTip): boolean {
  return a.category === b.category && a.content.toLowerCase() === b.content.toLowerCase();
}

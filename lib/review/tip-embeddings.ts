// The "tip_content" vectors of tips (content + purpose, the text the re-embed job uses): written
// when tips are proposed or edited, reused while the text is unchanged, searched for neighbours.
import { ensureVectorIndexOnce, getEmbeddingVectors, searchNearest, upsertEmbeddings, type NearestNeighbour } from "../db/vectors";
import { textChecksum } from "../embeddings";
import type { EmbeddingClient } from "../embeddings/types";
import { tipContentText } from "./similar-tips";

export const TIP_CONTENT_OWNER = "tip_content";

/** What a tip's content vector is made of and filed under. */
export interface TipText {
  id: string;
  projectId: string;
  content: string;
  purpose: string;
}

/** Neighbours fetched per search before filtering by status: rejected and archived tips take places too. */
const SEARCH_LIMIT = 30;

/** One embeddings request for many tips; vectors in input order. */
export async function embedTipTexts(embedder: EmbeddingClient, tips: Pick<TipText, "content" | "purpose">[]): Promise<number[][]> {
  if (tips.length === 0) return [];
  return embedder.embed(tips.map(tipContentText));
}

/** Stores the vectors of many tips in one statement (creating the model's index the first time). */
export async function storeTipVectors(embedder: EmbeddingClient, tips: (TipText & { vector: number[] })[]): Promise<void> {
  if (tips.length === 0) return;
  await ensureVectorIndexOnce(embedder);
  const { model, dimension } = embedder;
  await upsertEmbeddings(
    tips.map((tip) => ({
      projectId: tip.projectId,
      ownerType: TIP_CONTENT_OWNER,
      ownerId: tip.id,
      model,
      dimension,
      checksum: textChecksum({ model, dimension, text: tipContentText(tip) }),
      vector: tip.vector,
    })),
  );
}

/**
 * The tip's vector for its current text: the stored one while the checksum matches, otherwise
 * embedded now and stored (tips saved before embeddings were written, or edited while the
 * embedder was unreachable).
 */
export async function ensureTipVector(embedder: EmbeddingClient, tip: TipText): Promise<number[]> {
  const { model, dimension } = embedder;
  const stored = (await getEmbeddingVectors({ ownerType: TIP_CONTENT_OWNER, ownerIds: [tip.id], model, dimension })).get(tip.id);
  if (stored && stored.checksum === textChecksum({ model, dimension, text: tipContentText(tip) })) return stored.vector;
  const [vector] = await embedTipTexts(embedder, [tip]);
  await storeTipVectors(embedder, [{ ...tip, vector: vector! }]);
  return vector!;
}

/** Tips of the project nearest to a vector (any status; callers filter), best first. */
export async function nearestTips(
  embedder: EmbeddingClient,
  { projectId, vector, minSimilarity }: { projectId: string; vector: number[]; minSimilarity: number },
): Promise<NearestNeighbour[]> {
  const { model, dimension } = embedder;
  return searchNearest({ projectId, ownerType: TIP_CONTENT_OWNER, model, dimension, vector, limit: SEARCH_LIMIT, minSimilarity });
}


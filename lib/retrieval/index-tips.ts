// Keeps the retrieval index fresh: for each retrievable tip, the vector of the description it is
// retrieved by ("tip_index", see index-text.ts) and of its content + purpose ("tip_content").
// Unchanged texts are skipped by checksum (same model, same text = same vector), identical texts
// are embedded once per batch, and pages of tips bound memory on large projects.
import { listTipsForIndexing, type TipForIndexing } from "../db/retrieval-tips";
import { analyzeVectorTables, ensureVectorIndexOnce, getEmbeddingChecksums, upsertEmbeddings, type EmbeddingRecord } from "../db/vectors";
import { textChecksum } from "../embeddings";
import type { EmbeddingClient } from "../embeddings/types";
import { tipContentText } from "../review/similar-tips";
import { getConfiguredEmbedder } from "../settings/embedding-settings";
import { retrievalDescription, TIP_CONTENT_OWNER, TIP_INDEX_OWNER } from "./index-text";

const PAGE_SIZE = 500;
/** After writing this many vectors, refresh the planner statistics (see analyzeVectorTables). */
const ANALYZE_AFTER = 200;
/** Texts per embeddings request. */
const EMBED_BATCH = 64;

export interface ReindexResult {
  /** Tips looked at. */
  tips: number;
  /** Vectors written (index and content). */
  embedded: number;
  /** Vectors already up to date. */
  skipped: number;
}

export interface ReindexProgress {
  setTotal?(total: number): Promise<void> | void;
  advance?(count: number, item?: string): Promise<void> | void;
  signal?: AbortSignal;
}

interface PendingText {
  ownerType: string;
  ownerId: string;
  text: string;
}

/** (Re)writes the index and content vectors of a project's retrievable tips (all, or `tipIds`). */
export async function reindexTips(
  { projectId, tipIds }: { projectId: string; tipIds?: string[] },
  deps: { embedder: EmbeddingClient },
  progress: ReindexProgress = {},
): Promise<ReindexResult> {
  const result: ReindexResult = { tips: 0, embedded: 0, skipped: 0 };
  if (tipIds && tipIds.length === 0) return result;
  await ensureVectorIndexOnce(deps.embedder);
  await indexPages({ projectId, tipIds }, deps.embedder, progress, result);
  if (result.embedded >= ANALYZE_AFTER) await analyzeVectorTables();
  return result;
}

async function indexPages(
  { projectId, tipIds }: { projectId: string; tipIds?: string[] },
  embedder: EmbeddingClient,
  progress: ReindexProgress,
  result: ReindexResult,
): Promise<void> {
  let afterId: string | undefined;
  for (;;) {
    if (progress.signal?.aborted) return;
    const tips = await listTipsForIndexing({ projectId, tipIds, afterId, take: PAGE_SIZE });
    if (tips.length === 0) return;
    const pending = await staleTexts(tips, embedder);
    await embedAndStore(projectId, pending, embedder);
    result.tips += tips.length;
    result.embedded += pending.length;
    result.skipped += tips.length * 2 - pending.length;
    await progress.advance?.(tips.length, tips.at(-1)!.id);
    afterId = tips.at(-1)!.id;
    if (tips.length < PAGE_SIZE) return;
  }
}

/**
 * After a tip changed (approved, edited, merged into a new tip): reindex it, never failing the
 * change that already committed. A failure leaves the stale vector until the next reindex job.
 */
export async function reindexTipsBestEffort(
  { projectId, tipIds }: { projectId: string; tipIds: string[] },
  deps: { embedder?: EmbeddingClient } = {},
): Promise<ReindexResult | null> {
  try {
    const embedder = deps.embedder ?? (await getConfiguredEmbedder());
    return await reindexTips({ projectId, tipIds }, { embedder });
  } catch (error) {
    console.warn(`[retrieval] could not reindex tips ${tipIds.join(", ")} yet`, error);
    return null;
  }
}

/** The texts of these tips whose stored vector is missing or was made from another text. */
async function staleTexts(tips: TipForIndexing[], embedder: EmbeddingClient): Promise<PendingText[]> {
  const ids = tips.map((tip) => tip.id);
  const { model, dimension } = embedder;
  const [indexSums, contentSums] = await Promise.all([
    getEmbeddingChecksums({ ownerType: TIP_INDEX_OWNER, ownerIds: ids, model }),
    getEmbeddingChecksums({ ownerType: TIP_CONTENT_OWNER, ownerIds: ids, model }),
  ]);
  const pending: PendingText[] = [];
  for (const tip of tips) {
    const index = retrievalDescription(tip);
    if (indexSums.get(tip.id) !== textChecksum({ model, dimension, text: index })) pending.push({ ownerType: TIP_INDEX_OWNER, ownerId: tip.id, text: index });
    const content = tipContentText(tip);
    if (contentSums.get(tip.id) !== textChecksum({ model, dimension, text: content })) pending.push({ ownerType: TIP_CONTENT_OWNER, ownerId: tip.id, text: content });
  }
  return pending;
}

async function embedAndStore(projectId: string, pending: PendingText[], embedder: EmbeddingClient): Promise<void> {
  const { model, dimension } = embedder;
  for (let start = 0; start < pending.length; start += EMBED_BATCH) {
    const batch = pending.slice(start, start + EMBED_BATCH);
    // Many tips share a description (one task, several tips): embed each distinct text once.
    const distinct = [...new Set(batch.map((item) => item.text))];
    const vectors = await embedder.embed(distinct);
    const vectorOf = new Map(distinct.map((text, i) => [text, vectors[i]!]));
    const records: EmbeddingRecord[] = batch.map((item) => ({
      projectId,
      ownerType: item.ownerType,
      ownerId: item.ownerId,
      model,
      dimension,
      checksum: textChecksum({ model, dimension, text: item.text }),
      vector: vectorOf.get(item.text)!,
    }));
    await upsertEmbeddings(records);
  }
}


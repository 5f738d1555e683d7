// Candidate tips for a task: nearest "tip_index" vectors (the descriptions tips are retrieved by),
// filtered in SQL by status, granularity and application, loaded and ranked. The search fetches a
// bounded number of neighbours and fetches more only while a larger fetch could change the answer.
import { listRetrievalTips, type RetrievalTipRow } from "../db/retrieval-tips";
import { searchNearestTips, type NearestNeighbour, type TipVectorFilter } from "../db/vectors";
import type { EmbeddingClient } from "../embeddings/types";
import { TIP_INDEX_OWNER } from "./index-text";
import { mergeCandidates, normalizeApplication, rankCandidates, retrievableStatuses, type RankOptions, type RankResult } from "./rank";

/** pgvector's (and searchNearest's) largest LIMIT. */
export const MAX_CANDIDATES = 1000;
const FIRST_FETCH_WITHOUT_K = 100;
const DEFAULT_EXPLAIN_CANDIDATES = 200;

export type Candidate = RetrievalTipRow & { similarity: number };

export interface CandidateSearch {
  projectId: string;
  vectors: number[][];
  embedder: Pick<EmbeddingClient, "model" | "dimension">;
  rank: RankOptions;
  /** Playground: every retrievable tip down to any similarity (up to `candidateLimit`), unfiltered, so the page can show why each was left out. */
  explain?: { candidateLimit?: number };
}

export interface CandidateSearchResult {
  ranked: RankResult<Candidate>;
  /** True when more than MAX_CANDIDATES tips passed τ and the rest were not considered. */
  truncated: boolean;
}

export async function searchCandidates(search: CandidateSearch): Promise<CandidateSearchResult> {
  if (search.explain) {
    const limit = Math.min(MAX_CANDIDATES, Math.max(1, search.explain.candidateLimit ?? DEFAULT_EXPLAIN_CANDIDATES));
    const filter: TipVectorFilter = { statuses: retrievableStatuses(false), granularities: ["task", "subtask"], applications: null };
    const { hits } = await nearest(search, { limit, filter, minSimilarity: undefined });
    return { ranked: rankCandidates(await load(search.projectId, hits), search.rank), truncated: false };
  }
  const { rank } = search;
  const filter: TipVectorFilter = {
    statuses: retrievableStatuses(rank.approvedOnly),
    granularities: rank.granularity === "both" ? ["task", "subtask"] : [rank.granularity],
    applications: rank.applications && rank.applications.length > 0 ? rank.applications.map((app) => normalizeApplication(app)!).filter(Boolean) : null,
  };
  let limit = rank.topK === null ? FIRST_FETCH_WITHOUT_K : Math.min(MAX_CANDIDATES, Math.max(4 * rank.topK, 20));
  for (;;) {
    const { hits, lowestSaturated } = await nearest(search, { limit, filter, minSimilarity: rank.threshold });
    const ranked = rankCandidates(await load(search.projectId, hits), rank);
    // Every fetched row passed τ, so more may exist; they matter if they could still be selected:
    // always without k, and with k while the weakest fetched similarity could beat the k-th score.
    const kthScore = rank.topK === null ? Infinity : (ranked.selected[rank.topK - 1]?.score ?? -Infinity);
    const couldChange = lowestSaturated !== null && (rank.topK === null || lowestSaturated >= kthScore);
    if (!couldChange) return { ranked, truncated: false };
    if (limit >= MAX_CANDIDATES) return { ranked, truncated: true };
    limit = Math.min(MAX_CANDIDATES, limit * 4);
  }
}

/** Nearest tips for every query vector, one candidate per tip (best similarity). */
async function nearest(
  { projectId, vectors, embedder }: CandidateSearch,
  { limit, filter, minSimilarity }: { limit: number; filter: TipVectorFilter; minSimilarity: number | undefined },
): Promise<{ hits: NearestNeighbour[]; lowestSaturated: number | null }> {
  const { model, dimension } = embedder;
  const lists = await Promise.all(
    vectors.map((vector) => searchNearestTips({ projectId, ownerType: TIP_INDEX_OWNER, model, dimension, vector, limit, minSimilarity, filter })),
  );
  // A list that came back full (all `limit` rows at or above τ) may have more behind it.
  const saturated = lists.filter((list) => list.length === limit).map((list) => list.at(-1)!.similarity);
  const hits = mergeCandidates(...lists.map((list) => list.map((hit) => ({ id: hit.ownerId, similarity: hit.similarity }))));
  return { hits: hits.map((hit) => ({ ownerId: hit.id, similarity: hit.similarity })), lowestSaturated: saturated.length > 0 ? Math.min(...saturated) : null };
}

async function load(projectId: string, hits: NearestNeighbour[]): Promise<Candidate[]> {
  const similarity = new Map(hits.map((hit) => [hit.ownerId, hit.similarity]));
  const rows = await listRetrievalTips({ projectId, ids: hits.map((hit) => hit.ownerId) });
  return rows.map((row) => ({ ...row, similarity: similarity.get(row.id)! }));
}

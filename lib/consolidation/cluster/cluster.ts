// Entry point of the pure clustering core for consolidation (SPEC §2.3): vectors of
// generalized subtask descriptions → clusters of equivalent subtasks; new vectors → the
// existing cluster they join (the incremental path); vectors → a 2-D map.
// No database, no LLM: the callers load vectors and store results.
import type { VectorCluster } from "./cluster-summary";
import { exactHacOfUnitVectors } from "./hac-exact";
import { DEFAULT_MAX_EXACT_SIZE, sparseHacOfUnitVectors, type SparseHacStats } from "./hac-sparse";
import { DEFAULT_LINKAGE, DEFAULT_THRESHOLD, type Linkage } from "./linkage";
import { dequantizeSimilarity, quantizeThreshold } from "./quantized-similarity";
import type { VectorLike } from "./similarity";
import { rowSimilarity, toUnitVectors } from "./unit-vectors";

export { projectTo2d, type MapCoordinates } from "./projection";
export type { VectorCluster } from "./cluster-summary";
export { DEFAULT_LINKAGE, DEFAULT_THRESHOLD, LINKAGES, LinkageSchema, ThresholdSchema, type Linkage } from "./linkage";
export { DEFAULT_MAX_EXACT_SIZE, DEFAULT_NEIGHBOURS, type SparseHacStats } from "./hac-sparse";

export interface ClusterVectorsOptions {
  readonly vectors: readonly VectorLike[];
  /** Cosine similarity a merge needs, in (0, 1]; default 0.85 (the paper's). */
  readonly threshold?: number;
  /** Default "average". */
  readonly linkage?: Linkage;
  /** Up to this many vectors: exact HAC on the pair matrix; more: the sparse path. Default 4 000. */
  readonly maxExactSize?: number;
  /** Sparse path: neighbours kept per vector by the in-memory scan. */
  readonly neighbours?: number;
  /** Sparse path: candidate neighbour lists from elsewhere (pgvector), one per vector. Unused by the exact path. */
  readonly candidates?: readonly (readonly number[])[];
}

export interface ClusteringResult {
  /** Every input index in exactly one cluster; clusters ordered by smallest member. */
  readonly clusters: VectorCluster[];
  readonly method: "exact" | "sparse";
  readonly linkage: Linkage;
  readonly threshold: number;
  /** Sparse path only: how the candidate graph was found and how the components were solved. */
  readonly stats?: SparseHacStats;
}

/** HAC over cosine similarity (hac-exact.ts states the semantics); both methods give the same clusters. */
export function clusterVectors({
  vectors,
  threshold = DEFAULT_THRESHOLD,
  linkage = DEFAULT_LINKAGE,
  maxExactSize = DEFAULT_MAX_EXACT_SIZE,
  neighbours,
  candidates,
}: ClusterVectorsOptions): ClusteringResult {
  const thresholdQ = quantizeThreshold(threshold);
  const unitVectors = toUnitVectors(vectors);
  if (unitVectors.count <= maxExactSize) {
    return { clusters: exactHacOfUnitVectors(unitVectors, thresholdQ, linkage), method: "exact", linkage, threshold };
  }
  const { clusters, stats } = sparseHacOfUnitVectors(unitVectors, thresholdQ, linkage, { neighbours, candidates, maxExactSize });
  return { clusters, method: "sparse", linkage, threshold, stats };
}

export interface AssignToClustersOptions {
  /** The new vectors (e.g. descriptions of newly approved tips). */
  readonly vectors: readonly VectorLike[];
  /** One vector per existing cluster: its canonical description's embedding (or centroid). */
  readonly canonicalVectors: readonly VectorLike[];
  readonly threshold?: number;
}

export interface ClusterAssignment {
  /** Index into canonicalVectors of the cluster joined, or null: similar enough to none. */
  readonly cluster: number | null;
  /** Similarity to the most similar canonical vector (null when there are none). */
  readonly similarity: number | null;
}

/**
 * The incremental path: each vector joins the most similar existing cluster if that similarity
 * is ≥ threshold (ties → the lower cluster index), without re-clustering anything. Vectors that
 * join none are for the caller to cluster among themselves or leave as singletons.
 */
export function assignToClusters({ vectors, canonicalVectors, threshold = DEFAULT_THRESHOLD }: AssignToClustersOptions): ClusterAssignment[] {
  const thresholdQ = quantizeThreshold(threshold);
  // Pack both sets together so the comparison uses the same canonical dot product as clustering.
  const packed = toUnitVectors([...canonicalVectors, ...vectors]);
  const clusterCount = canonicalVectors.length;
  return vectors.map((_, v) => {
    const row = clusterCount + v;
    let best = -1;
    let bestSimilarity = -Infinity;
    for (let c = 0; c < clusterCount; c += 1) {
      const similarity = rowSimilarity(packed, row, c);
      if (similarity > bestSimilarity) {
        bestSimilarity = similarity;
        best = c;
      }
    }
    if (best === -1) return { cluster: null, similarity: null };
    return { cluster: bestSimilarity >= thresholdQ ? best : null, similarity: dequantizeSimilarity(bestSimilarity) };
  });
}

// Exact hierarchical agglomerative clustering (HAC) over cosine similarity with a threshold.
//
// Semantics: start with every vector as its own cluster; repeatedly merge the two clusters
// with the highest linkage similarity, as long as that similarity is ≥ the threshold (default
// 0.85, the paper's). Linkage (linkage.ts):
//   average  (default, UPGMA) — mean of all pair similarities between the two clusters;
//   single   — the most similar pair (chains: equals connected components of "similarity ≥ τ");
//   complete — the least similar pair (every member ≥ τ to every other).
// Ties: the merge whose clusters have the smaller indices goes first (a cluster is named by its
// smallest member; compare the lower name, then the other). Similarities are compared on a
// 2^-20 grid (quantized-similarity.ts), so results never depend on the order of additions.
// Output: clusters of input indices, each ascending, ordered by their smallest member.
//
// Algorithm: the pair matrix (similarity-matrix.ts; O(n²) time, O(m²) memory for the m
// vectors that have any partner ≥ τ — the others stay singletons) and, per cluster, its best
// merge partner — the "generic" cached nearest-neighbour scheme. A merge rewrites one row and
// column (Lance–Williams), rescans the merged row and the rows whose partner was one of the
// two, and offers the merged cluster to the others. All three linkages are reducible (the link
// of A∪B to C never exceeds the better of A's and B's), so a cluster with no partner ≥ τ can
// never get one: it is retired for good and leaves every later scan.
import { summarizeFromPairs, summarizeVectorCluster, type VectorCluster } from "./cluster-summary";
import { combineLinks, DEFAULT_LINKAGE, DEFAULT_THRESHOLD, isMergeable, linkScore, type Linkage } from "./linkage";
import { quantizeThreshold } from "./quantized-similarity";
import type { VectorLike } from "./similarity";
import {
  matrixRowsWithPartner,
  rowsWithPartner,
  similarityMatrixFromValues,
  similarityMatrixOfRows,
  subMatrix,
  type SimilarityMatrix,
} from "./similarity-matrix";
import { toUnitVectors, type UnitVectors } from "./unit-vectors";

export interface ExactHacOptions {
  readonly vectors: readonly VectorLike[];
  readonly threshold?: number;
  readonly linkage?: Linkage;
}

/** Exact HAC of vectors by cosine similarity. */
export function exactHac({ vectors, threshold = DEFAULT_THRESHOLD, linkage = DEFAULT_LINKAGE }: ExactHacOptions): VectorCluster[] {
  return exactHacOfUnitVectors(toUnitVectors(vectors), quantizeThreshold(threshold), linkage);
}

/** Exact HAC of already packed vectors (the threshold on the integer grid). */
export function exactHacOfUnitVectors(vectors: UnitVectors, thresholdQ: number, linkage: Linkage): VectorCluster[] {
  const rows = rowsWithPartner(vectors, thresholdQ);
  const local = agglomerate(similarityMatrixOfRows(vectors, rows), linkage, thresholdQ);
  return withSingletons(vectors.count, rows, local).map((members) => summarizeVectorCluster(members, vectors));
}

export interface ExactHacFromSimilaritiesOptions {
  /** Square, symmetric, values in [-1, 1]; the diagonal is ignored. */
  readonly similarities: readonly (readonly number[])[];
  readonly threshold?: number;
  readonly linkage?: Linkage;
}

/** Exact HAC of items whose pair similarities are given directly. */
export function exactHacFromSimilarities({
  similarities,
  threshold = DEFAULT_THRESHOLD,
  linkage = DEFAULT_LINKAGE,
}: ExactHacFromSimilaritiesOptions): VectorCluster[] {
  const thresholdQ = quantizeThreshold(threshold);
  const matrix = similarityMatrixFromValues(similarities);
  const rows = matrixRowsWithPartner(matrix, thresholdQ);
  const local = agglomerate(subMatrix(matrix, rows), linkage, thresholdQ);
  return withSingletons(matrix.size, rows, local).map((members) =>
    summarizeFromPairs(members, (i, j) => matrix.values[i * matrix.size + j] as number),
  );
}

/**
 * Input-index clusters from a partition of some rows (ascending) plus every other index as a
 * singleton, ordered by smallest member.
 */
export function withSingletons(count: number, rows: ArrayLike<number>, local: readonly number[][]): number[][] {
  const covered = new Uint8Array(count);
  const partition = local.map((part) => part.map((position) => rows[position] as number));
  for (const part of partition) for (const index of part) covered[index] = 1;
  for (let i = 0; i < count; i += 1) if (!covered[i]) partition.push([i]);
  return partition.sort((a, b) => (a[0] as number) - (b[0] as number));
}

/**
 * The HAC loop on a matrix of quantized similarities (consumed: the rows and columns of merged
 * clusters are overwritten with link values). Returns the partition of 0 … size − 1 as
 * ascending lists, ordered by smallest member.
 */
export function agglomerate(matrix: SimilarityMatrix, linkage: Linkage, thresholdQ: number): number[][] {
  // Local bindings for the hot loops: some loaders turn each use of an imported function into
  // a getter call, which costs more than the work here.
  const combine = combineLinks;
  const mergeable = isMergeable;
  const scoreOf = linkScore;
  const { size: n, values } = matrix;

  // A cluster lives in the row of its smallest member; merging lo < hi keeps lo.
  const clusterSize = new Float64Array(n).fill(1);
  const nextMember = new Int32Array(n).fill(-1);
  const lastMember = Int32Array.from({ length: n }, (_, i) => i);
  const bestScore = new Float64Array(n).fill(-Infinity);
  const bestPartner = new Int32Array(n).fill(-1);
  const live = new SortedLiveSet(n); // clusters that may still merge

  const scanRow = (i: number) => {
    let best = -Infinity;
    let partner = -1;
    const sizeI = clusterSize[i] as number;
    const row = i * n;
    const items = live.items;
    for (let t = 0; t < live.count; t += 1) {
      const j = items[t] as number;
      if (j === i) continue;
      const value = values[row + j] as number;
      const sizeJ = clusterSize[j] as number;
      if (!mergeable(linkage, value, sizeI, sizeJ, thresholdQ)) continue;
      const score = scoreOf(linkage, value, sizeI, sizeJ);
      // Ascending j: a tie keeps the smaller partner.
      if (score > best) {
        best = score;
        partner = j;
      }
    }
    bestScore[i] = best;
    bestPartner[i] = partner;
  };

  for (let i = 0; i < n; i += 1) scanRow(i);
  live.retainWhere((i) => bestPartner[i] !== -1);

  for (;;) {
    // The best merge overall: the row with the best partner score, ties to the smaller row.
    // That row's partner is the smallest at that score, and no smaller row reaches it, so the
    // pair is the lexicographically smallest among the best (linkage.ts isBetterMerge).
    let lo = -1;
    for (let t = 0; t < live.count; t += 1) {
      const i = live.items[t] as number;
      if (lo === -1 || (bestScore[i] as number) > (bestScore[lo] as number)) lo = i;
    }
    if (lo === -1) break;
    const hi = bestPartner[lo] as number;

    live.remove(hi);
    const loRow = lo * n;
    const hiRow = hi * n;
    for (let t = 0; t < live.count; t += 1) {
      const k = live.items[t] as number;
      if (k === lo) continue;
      const value = combine(linkage, values[loRow + k] as number, values[hiRow + k] as number);
      values[loRow + k] = value;
      values[k * n + lo] = value;
    }
    clusterSize[lo] = (clusterSize[lo] as number) + (clusterSize[hi] as number);
    nextMember[lastMember[lo] as number] = hi;
    lastMember[lo] = lastMember[hi] as number;
    bestPartner[hi] = -1;

    scanRow(lo);
    const sizeLo = clusterSize[lo] as number;
    for (let t = 0; t < live.count; t += 1) {
      const k = live.items[t] as number;
      if (k === lo) continue;
      const partner = bestPartner[k] as number;
      if (partner === lo || partner === hi) {
        scanRow(k);
        continue;
      }
      const value = values[loRow + k] as number;
      const sizeK = clusterSize[k] as number;
      if (!mergeable(linkage, value, sizeLo, sizeK, thresholdQ)) continue;
      const score = scoreOf(linkage, value, sizeLo, sizeK);
      if (score > (bestScore[k] as number) || (score === bestScore[k] && lo < partner)) {
        bestScore[k] = score;
        bestPartner[k] = lo;
      }
    }
    live.retainWhere((i) => bestPartner[i] !== -1);
  }

  // A row heads a cluster unless it follows another member in some cluster's member chain.
  const mergedAway = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) if (nextMember[i] !== -1) mergedAway[nextMember[i] as number] = 1;
  const partition: number[][] = [];
  for (let i = 0; i < n; i += 1) {
    if (mergedAway[i]) continue;
    const members: number[] = [];
    for (let m = i; m !== -1; m = nextMember[m] as number) members.push(m);
    partition.push(members.sort((a, b) => a - b));
  }
  return partition;
}

/**
 * The clusters still in play, kept ascending: scans then touch the matrix columns in address
 * order (which hardware prefetching follows) and ties resolve to the smaller index for free.
 */
class SortedLiveSet {
  readonly items: Int32Array;
  count: number;

  constructor(size: number) {
    this.items = Int32Array.from({ length: size }, (_, i) => i);
    this.count = size;
  }

  remove(item: number): void {
    this.retainWhere((i) => i !== item);
  }

  retainWhere(keep: (item: number) => boolean): void {
    let kept = 0;
    for (let t = 0; t < this.count; t += 1) {
      const item = this.items[t] as number;
      if (keep(item)) this.items[kept++] = item;
    }
    this.count = kept;
  }
}

// What the clusters page shows about one cluster besides its members: how tight it is
// (smallest and mean pair similarity — the "similarity spread") and its medoid, the member
// most similar to the others, whose description stands for the cluster until the merge stage
// writes a canonical one.
import { dequantizeSimilarity } from "./quantized-similarity";
import { rowDot, rowSimilarity, type UnitVectors } from "./unit-vectors";

export interface VectorCluster {
  /** Input indices, ascending. */
  readonly members: readonly number[];
  /** The member with the highest mean similarity to the others; ties go to the lowest index. */
  readonly medoid: number;
  /** Smallest pair similarity; null for a single member (no pairs). */
  readonly minSimilarity: number | null;
  /** Mean pair similarity; null for a single member. */
  readonly meanSimilarity: number | null;
}

/**
 * Above this size a cluster's medoid and mean come from its centroid in O(size · dimension)
 * and its smallest similarity from an evenly spaced sample of this many members, so that one
 * huge cluster does not cost size² dot products.
 */
export const SUMMARY_PAIR_LIMIT = 2048;

/** Summary from quantized pair similarities (exact; members ascending). */
export function summarizeFromPairs(members: readonly number[], pairSimilarity: (i: number, j: number) => number): VectorCluster {
  const size = members.length;
  const first = members[0];
  if (first === undefined) throw new RangeError("A cluster needs at least one member.");
  if (size === 1) return { members, medoid: first, minSimilarity: null, meanSimilarity: null };
  const rowSums = new Float64Array(size); // integer sums: exact, so medoid ties are real ties
  let smallest = Infinity;
  let total = 0;
  for (let a = 0; a < size; a += 1) {
    for (let b = a + 1; b < size; b += 1) {
      const similarity = pairSimilarity(members[a] as number, members[b] as number);
      rowSums[a] = (rowSums[a] as number) + similarity;
      rowSums[b] = (rowSums[b] as number) + similarity;
      if (similarity < smallest) smallest = similarity;
      total += similarity;
    }
  }
  let medoidPosition = 0;
  for (let a = 1; a < size; a += 1) if ((rowSums[a] as number) > (rowSums[medoidPosition] as number)) medoidPosition = a;
  return {
    members,
    medoid: members[medoidPosition] as number,
    minSimilarity: dequantizeSimilarity(smallest),
    meanSimilarity: dequantizeSimilarity(total / ((size * (size - 1)) / 2)),
  };
}

/** Summary of a cluster of packed unit vectors (members ascending). */
export function summarizeVectorCluster(members: readonly number[], vectors: UnitVectors): VectorCluster {
  if (members.length <= SUMMARY_PAIR_LIMIT) {
    return summarizeFromPairs(members, (i, j) => rowSimilarity(vectors, i, j));
  }
  return summarizeLargeCluster(members, vectors);
}

// For unit vectors the mean similarity of member i to the others is (x_i · Σx − x_i · x_i) / (n − 1)
// and the mean pair similarity is (|Σx|² − Σ x_i · x_i) / (n(n − 1)): the centroid gives both.
function summarizeLargeCluster(members: readonly number[], vectors: UnitVectors): VectorCluster {
  const { data, dimension } = vectors;
  const size = members.length;
  const sum = new Float64Array(dimension);
  let selfSimilarities = 0;
  for (const member of members) {
    const offset = member * dimension;
    for (let k = 0; k < dimension; k += 1) sum[k] = (sum[k] as number) + (data[offset + k] as number);
    selfSimilarities += rowDot(vectors, member, member);
  }
  let medoid = members[0] as number;
  let bestScore = -Infinity;
  for (const member of members) {
    const offset = member * dimension;
    let score = -rowDot(vectors, member, member);
    for (let k = 0; k < dimension; k += 1) score += (data[offset + k] as number) * (sum[k] as number);
    if (score > bestScore) {
      bestScore = score;
      medoid = member;
    }
  }
  let sumNormSquared = 0;
  for (let k = 0; k < dimension; k += 1) sumNormSquared += (sum[k] as number) * (sum[k] as number);
  const step = size / SUMMARY_PAIR_LIMIT;
  const sample = Array.from({ length: SUMMARY_PAIR_LIMIT }, (_, i) => members[Math.floor(i * step)] as number);
  const sampled = summarizeFromPairs(sample, (i, j) => rowSimilarity(vectors, i, j));
  return {
    members,
    medoid,
    minSimilarity: sampled.minSimilarity,
    meanSimilarity: (sumNormSquared - selfSimilarities) / (size * (size - 1)),
  };
}

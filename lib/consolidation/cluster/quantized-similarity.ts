// Clustering compares similarities as integers: round(cosine × 2^20).
//
// Why: average linkage adds up many pair similarities, and a floating-point sum depends on the
// order of its additions. The exact (matrix) and sparse (graph) algorithms, or the same input
// in another order, would then disagree in the last bit — and right at the threshold, on a
// merge. Sums of integers stay exact in doubles up to 2^53, i.e. for up to 2^33 (8.6 billion)
// pairs per linkage, so every linkage value is independent of how it was accumulated.
// 2^-20 ≈ 9.5e-7 is far finer than any meaningful difference between two descriptions.

/** Grid of the similarity comparisons: a similarity s is compared as round(s × SIMILARITY_SCALE). */
export const SIMILARITY_SCALE = 2 ** 20;

/** A cosine similarity on the integer grid. */
export function quantizeSimilarity(similarity: number): number {
  return Math.round(similarity * SIMILARITY_SCALE) + 0; // + 0 turns −0 (a tiny negative cosine) into 0
}

/** Back to a cosine similarity (for reporting). */
export function dequantizeSimilarity(quantized: number): number {
  return quantized / SIMILARITY_SCALE;
}

/**
 * The threshold on the grid. A pair whose cosine is exactly the threshold rounds to the same
 * integer, so "≥ threshold" keeps its meaning; cosines within half a grid step (≈ 5e-7) of
 * it count as equal to it. At least 1, so a zero vector (similarity 0) never joins anything.
 */
export function quantizeThreshold(threshold: number): number {
  if (!Number.isFinite(threshold) || threshold <= 0 || threshold > 1) {
    throw new RangeError(`Clustering threshold must be in (0, 1], got ${threshold}.`);
  }
  return Math.max(1, quantizeSimilarity(threshold));
}

// Cosine similarity helpers for plain vectors (number[] or Float32Array). These work in full
// double precision; the clustering itself compares similarities on a fixed integer grid
// (quantized-similarity.ts) so that its results never depend on the order of additions.

/** Anything indexable as numbers: number[], Float32Array, Float64Array. */
export type VectorLike = ArrayLike<number>;

/** Sum of products; the vectors must have the same length. */
export function dotProduct(a: VectorLike, b: VectorLike): number {
  assertSameLength(a, b);
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

/** Euclidean length. */
export function vectorNorm(vector: VectorLike): number {
  let sum = 0;
  for (let i = 0; i < vector.length; i += 1) sum += (vector[i] as number) * (vector[i] as number);
  return Math.sqrt(sum);
}

/**
 * Cosine of the angle between two vectors, in [-1, 1]. A zero vector (a description without
 * content words embeds to all zeros) is similar to nothing: 0, never NaN.
 */
export function cosineSimilarity(a: VectorLike, b: VectorLike): number {
  const normProduct = vectorNorm(a) * vectorNorm(b);
  if (normProduct === 0) return 0;
  // Rounding can push a cosine of parallel vectors a hair past ±1.
  return Math.max(-1, Math.min(1, dotProduct(a, b) / normProduct));
}

/** The vector scaled to unit length; a zero vector stays all zeros. */
export function normalize(vector: VectorLike): number[] {
  const norm = vectorNorm(vector);
  return Array.from(vector, (value) => (norm === 0 ? 0 : value / norm));
}

function assertSameLength(a: VectorLike, b: VectorLike): void {
  if (a.length !== b.length) throw new RangeError(`Vectors differ in dimension: ${a.length} vs ${b.length}.`);
}

// The pair matrix of exact HAC: quantized similarities in a square, symmetric, row-major
// Float64Array (8 bytes because average linkage keeps sums there; the diagonal is unused).
// Square rather than a triangle because every HAC step reads and rewrites whole rows, and a
// row of a square matrix is contiguous: the triangle's strided column reads made the loop
// several times slower (cache and TLB misses). Only vectors that have some partner ≥ τ get a
// row (rowsWithPartner): the rest can never merge, so typical inputs need far less than n².
import { quantizeSimilarity } from "./quantized-similarity";
import type { UnitVectors } from "./unit-vectors";

export interface SimilarityMatrix {
  readonly size: number;
  /** Entry (i, j) at i × size + j; symmetric. */
  readonly values: Float64Array;
}

/** Bytes the matrix of n items needs. */
export function similarityMatrixBytes(size: number): number {
  return size * size * Float64Array.BYTES_PER_ELEMENT;
}

/**
 * Quantized similarities of rows[j] for j = from … rows.length − 1 against rows[i], written to
 * out[outOffset + j]. Each pair is one sequential dot product (the canonical order of
 * unit-vectors.ts); four pairs share a pass over row i so each of its values is loaded once,
 * which roughly doubles throughput without changing any result.
 */
function similaritiesAgainst(vectors: UnitVectors, rows: ArrayLike<number>, i: number, from: number, out: Float64Array, outOffset: number): void {
  const { data, dimension } = vectors;
  const count = rows.length;
  const a = (rows[i] as number) * dimension;
  let j = from;
  for (; j + 3 < count; j += 4) {
    const b0 = (rows[j] as number) * dimension;
    const b1 = (rows[j + 1] as number) * dimension;
    const b2 = (rows[j + 2] as number) * dimension;
    const b3 = (rows[j + 3] as number) * dimension;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let k = 0; k < dimension; k += 1) {
      const x = data[a + k] as number;
      s0 += x * (data[b0 + k] as number);
      s1 += x * (data[b1 + k] as number);
      s2 += x * (data[b2 + k] as number);
      s3 += x * (data[b3 + k] as number);
    }
    out[outOffset + j] = quantizeSimilarity(s0);
    out[outOffset + j + 1] = quantizeSimilarity(s1);
    out[outOffset + j + 2] = quantizeSimilarity(s2);
    out[outOffset + j + 3] = quantizeSimilarity(s3);
  }
  for (; j < count; j += 1) {
    const b = (rows[j] as number) * dimension;
    let s = 0;
    for (let k = 0; k < dimension; k += 1) s += (data[a + k] as number) * (data[b + k] as number);
    out[outOffset + j] = quantizeSimilarity(s);
  }
}

/** The matrix of the given rows of the vectors, in that order. */
export function similarityMatrixOfRows(vectors: UnitVectors, rows: ArrayLike<number>): SimilarityMatrix {
  const size = rows.length;
  const values = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1) {
    similaritiesAgainst(vectors, rows, i, i + 1, values, i * size);
    for (let j = i + 1; j < size; j += 1) values[j * size + i] = values[i * size + j] as number;
  }
  return { size, values };
}

/**
 * Rows (ascending) that have at least one other row with similarity ≥ τ: all pairs are
 * computed, one row at a time, but none is stored.
 */
export function rowsWithPartner(vectors: UnitVectors, thresholdQ: number): Int32Array {
  const count = vectors.count;
  const all = Int32Array.from({ length: count }, (_, i) => i);
  const scratch = new Float64Array(count);
  const partnered = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    similaritiesAgainst(vectors, all, i, i + 1, scratch, 0);
    for (let j = i + 1; j < count; j += 1) {
      if ((scratch[j] as number) >= thresholdQ) {
        partnered[i] = 1;
        partnered[j] = 1;
      }
    }
  }
  return Int32Array.from(all.filter((i) => partnered[i] === 1));
}

/**
 * A matrix from given similarities (a square, symmetric array with values in [-1, 1]; the
 * diagonal is ignored); for hand-written examples and callers that hold the similarities.
 */
export function similarityMatrixFromValues(similarities: readonly (readonly number[])[]): SimilarityMatrix {
  const size = similarities.length;
  const values = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1) {
    const row = similarities[i] as readonly number[];
    if (row.length !== size) throw new RangeError(`Similarity row ${i} has ${row.length} entries, expected ${size}.`);
    for (let j = 0; j < size; j += 1) {
      if (i === j) continue;
      const value = row[j] as number;
      if (!(value >= -1 && value <= 1)) throw new RangeError(`Similarity (${i}, ${j}) = ${value} is not in [-1, 1].`);
      if (similarities[j]?.[i] !== value) throw new RangeError(`Similarities are not symmetric at (${i}, ${j}).`);
      values[i * size + j] = quantizeSimilarity(value);
    }
  }
  return { size, values };
}

/** Rows (ascending) of a matrix that have a partner ≥ τ. */
export function matrixRowsWithPartner(matrix: SimilarityMatrix, thresholdQ: number): Int32Array {
  const { size, values } = matrix;
  const rows: number[] = [];
  for (let i = 0; i < size; i += 1) {
    for (let j = 0; j < size; j += 1) {
      if (i !== j && (values[i * size + j] as number) >= thresholdQ) {
        rows.push(i);
        break;
      }
    }
  }
  return Int32Array.from(rows);
}

/** The matrix restricted to the given rows, in that order. */
export function subMatrix(matrix: SimilarityMatrix, rows: ArrayLike<number>): SimilarityMatrix {
  const size = rows.length;
  const values = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1) {
    const from = (rows[i] as number) * matrix.size;
    for (let j = 0; j < size; j += 1) values[i * size + j] = matrix.values[from + (rows[j] as number)] as number;
  }
  return { size, values };
}

// A 2-D map of the embeddings for the clusters page: principal component analysis of the
// unit-length vectors (cosine geometry), the first two axes. Deterministic — fixed start,
// fixed rounds, sign-normalized axes — so the map does not flip or jump between page loads.
import { principalAxes } from "./principal-axes";
import type { VectorLike } from "./similarity";
import { toUnitVectors } from "./unit-vectors";

/** A point of the map: coordinates on the first and second principal axes. */
export type MapCoordinates = readonly [x: number, y: number];

/** Axes are learned from an evenly spaced sample of at most this many vectors; all are projected. */
const AXIS_SAMPLE_LIMIT = 10_000;
const AXIS_ROUNDS = 200;

/** One point per vector: its coordinates on the two leading principal axes (centred). */
export function projectTo2d(vectors: readonly VectorLike[]): MapCoordinates[] {
  const { count, dimension, data } = toUnitVectors(vectors);
  if (count === 0) return [];
  const centre = new Float64Array(dimension);
  for (let i = 0; i < count; i += 1) {
    for (let k = 0; k < dimension; k += 1) centre[k] = (centre[k] as number) + (data[i * dimension + k] as number);
  }
  for (let k = 0; k < dimension; k += 1) centre[k] = (centre[k] as number) / count;
  const step = Math.max(1, count / AXIS_SAMPLE_LIMIT);
  const sample = Int32Array.from({ length: Math.min(count, AXIS_SAMPLE_LIMIT) }, (_, i) => Math.floor(i * step));
  const axes = principalAxes({ data, dimension, rows: sample, axes: Math.min(2, dimension), centre, iterations: AXIS_ROUNDS });
  const coordinate = (row: number, axis: number) => {
    if (axis * dimension >= axes.length) return 0; // one-dimensional input: no second axis
    let sum = 0;
    for (let k = 0; k < dimension; k += 1) {
      sum += ((data[row * dimension + k] as number) - (centre[k] as number)) * (axes[axis * dimension + k] as number);
    }
    return sum;
  };
  return Array.from({ length: count }, (_, row): MapCoordinates => [coordinate(row, 0), coordinate(row, 1)]);
}

// Leading principal axes of a set of rows by subspace (block power) iteration: used for the
// clusters map (2 axes of the centred data) and for pruning the candidate scan (a few dozen
// axes of the uncentred data, where any orthonormal basis gives a valid bound and a better one
// only prunes more). Deterministic: a fixed pseudo-random start, a bounded number of rounds,
// and each axis's sign chosen so that its largest component is positive.

export interface PrincipalAxesOptions {
  /** Row-major rows. */
  readonly data: Float32Array;
  readonly dimension: number;
  /** Which rows to learn from. */
  readonly rows: ArrayLike<number>;
  readonly axes: number;
  /** Subtracted from every row first (PCA proper); omitted = uncentred second moments. */
  readonly centre?: Float64Array;
  /** Upper bound on rounds; stops earlier once the axes stop moving. */
  readonly iterations: number;
}

/**
 * Orthonormal axes, strongest first, as one axes × dimension row-major array. With fewer
 * independent directions than asked (rank-deficient data) the extra axes are zero vectors,
 * which project everything to 0.
 */
export function principalAxes({ data, dimension, rows, axes, centre, iterations }: PrincipalAxesOptions): Float64Array {
  let basis = startingBasis(axes, dimension);
  const centred = new Float64Array(dimension);
  const projections = new Float64Array(axes);
  for (let round = 0; round < iterations; round += 1) {
    // next = Σ_rows (x − centre)(x − centre)ᵀ · basis, without forming the d × d matrix.
    const next = new Float64Array(axes * dimension);
    for (let r = 0; r < rows.length; r += 1) {
      const offset = (rows[r] as number) * dimension;
      for (let k = 0; k < dimension; k += 1) centred[k] = (data[offset + k] as number) - (centre ? (centre[k] as number) : 0);
      for (let a = 0; a < axes; a += 1) {
        let projection = 0;
        const axis = a * dimension;
        for (let k = 0; k < dimension; k += 1) projection += (centred[k] as number) * (basis[axis + k] as number);
        projections[a] = projection;
      }
      for (let a = 0; a < axes; a += 1) {
        const projection = projections[a] as number;
        if (projection === 0) continue;
        const axis = a * dimension;
        for (let k = 0; k < dimension; k += 1) next[axis + k] = (next[axis + k] as number) + projection * (centred[k] as number);
      }
    }
    orthonormalize(next, axes, dimension);
    let change = 0;
    for (let i = 0; i < next.length; i += 1) change = Math.max(change, Math.abs((next[i] as number) - (basis[i] as number)));
    basis = next;
    if (change < 1e-12) break;
  }
  for (let a = 0; a < axes; a += 1) orientAxis(basis, a * dimension, dimension);
  return basis;
}

/** Modified Gram–Schmidt in place; a vector with nothing left after it becomes all zeros. */
function orthonormalize(vectors: Float64Array, count: number, dimension: number): void {
  for (let v = 0; v < count; v += 1) {
    const at = v * dimension;
    for (let previous = 0; previous < v; previous += 1) {
      const other = previous * dimension;
      let overlap = 0;
      for (let k = 0; k < dimension; k += 1) overlap += (vectors[at + k] as number) * (vectors[other + k] as number);
      for (let k = 0; k < dimension; k += 1) vectors[at + k] = (vectors[at + k] as number) - overlap * (vectors[other + k] as number);
    }
    let norm = 0;
    for (let k = 0; k < dimension; k += 1) norm += (vectors[at + k] as number) ** 2;
    norm = Math.sqrt(norm);
    // Relative to the data this short a vector is rounding noise, not a direction.
    if (norm < 1e-9) vectors.fill(0, at, at + dimension);
    else for (let k = 0; k < dimension; k += 1) vectors[at + k] = (vectors[at + k] as number) / norm;
  }
}

// The largest-magnitude component (lowest index on ties) is made positive, so the same data
// always gives the same orientation instead of a coin-flip mirror image.
function orientAxis(basis: Float64Array, at: number, dimension: number): void {
  let largest = at;
  for (let k = at + 1; k < at + dimension; k += 1) if (Math.abs(basis[k] as number) > Math.abs(basis[largest] as number)) largest = k;
  if ((basis[largest] ?? 0) < 0) for (let k = at; k < at + dimension; k += 1) basis[k] = -(basis[k] as number);
}

// A fixed pseudo-random start (mulberry32, seed 1): not orthogonal to the leading axes except
// by a measure-zero accident, and the same on every run.
function startingBasis(axes: number, dimension: number): Float64Array {
  let state = 1;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
  const basis = Float64Array.from({ length: axes * dimension }, random);
  orthonormalize(basis, axes, dimension);
  return basis;
}

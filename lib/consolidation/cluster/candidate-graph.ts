// The sparse path's candidate graph: which pairs of vectors have similarity ≥ τ. Only those
// pairs can ever be merged (a cluster link ≥ τ needs at least one member pair ≥ τ), so the
// graph's connected components bound every cluster, and single linkage is exactly the
// components.
//
// Two sources:
//  - scanCandidateGraph: an exact in-memory search. Every pair is considered, in blocks, but
//    most are ruled out without a full dot product by an upper bound from a few principal axes:
//    for unit x, y and an orthonormal basis P, x·y ≤ Px·Py + |x − PPᵀx|·|y − PPᵀy|. The bound is
//    checked on 8, then 16, then 32 axes, and only survivors get the full product. No pair ≥ τ
//    is ever missed, so the components are exact; each point keeps its best k neighbours
//    (ties → lower index) for the graph HAC of very large components.
//  - candidateGraphFromLists: neighbour lists found elsewhere (pgvector's HNSW index). Their
//    similarities are recomputed here from the vectors so both sources agree bit for bit; the
//    result is as complete as the lists are.
import { quantizeSimilarity, SIMILARITY_SCALE } from "./quantized-similarity";
import { principalAxes } from "./principal-axes";
import { DisjointSets } from "./union-find";
import { isZeroRow, rowDot, rowSimilarity, type UnitVectors } from "./unit-vectors";

export interface CandidateGraph {
  readonly count: number;
  /** Neighbours of i are neighbours[offsets[i] .. offsets[i + 1]), best first; symmetric. */
  readonly offsets: Int32Array;
  readonly neighbours: Int32Array;
  /** Quantized similarity of each neighbour entry (all ≥ the threshold). */
  readonly similarities: Float64Array;
  /** Component of every vector in the ≥ τ graph the source saw, named by its smallest member. */
  readonly component: Int32Array;
  /** 1 for a vector that had more neighbours ≥ τ than were kept. */
  readonly truncated: Uint8Array;
  readonly stats: CandidateGraphStats;
}

export interface CandidateGraphStats {
  readonly source: "scan" | "lists";
  /** Pairs looked at (the scan: all pairs of non-zero vectors; lists: their entries). */
  readonly pairsConsidered: number;
  /** Pairs that needed a full dot product. */
  readonly pairsCompared: number;
  /** Undirected edges kept in the graph. */
  readonly edges: number;
  /** Vectors with more neighbours ≥ τ than were kept (the graph is then not every ≥ τ pair). */
  readonly truncatedPoints: number;
}

// The bound is checked on 8, then 16, then up to 32 axes: each stage rules out most of what
// reaches it (on 256-d local embeddings of task descriptions: ~75 %, ~93 %, ~97 %) for 8 more
// multiply-adds per pair, and only survivors pay for the full product.
const STAGE_WIDTH = 8;
const MAX_AXES = 32;
// Axes only steer how much is pruned, never what is found: a modest sample and a few rounds
// get most of the benefit.
const AXIS_SAMPLE_LIMIT = 1024;
const AXIS_ROUNDS = 8;
const BLOCK_ROWS = 128;
// Covers the rounding of the bound itself (doubles over float32 data; orthonormality to ~1e-15).
const BOUND_SLACK = 1e-7;

export interface ScanCandidateGraphOptions {
  readonly vectors: UnitVectors;
  readonly thresholdQ: number;
  /** Neighbours kept per vector (k of the k-nearest-neighbour graph). */
  readonly neighbours: number;
  /** Only pairs among these input indices (ascending); default all. */
  readonly within?: readonly number[];
}

/** Exact search for all pairs ≥ τ (see the file header). */
export function scanCandidateGraph({ vectors, thresholdQ, neighbours, within }: ScanCandidateGraphOptions): CandidateGraph {
  const rows = nonZeroRows(vectors, within);
  // The smallest dot product that can still round up to the threshold, less the slack.
  const bound = buildBound(vectors, rows, (thresholdQ - 0.5) / SIMILARITY_SCALE - BOUND_SLACK);
  const kept = new NeighbourLists(vectors.count, neighbours);
  const components = new DisjointSets(vectors.count);
  let pairsCompared = 0;
  const onSurvivors = (survivors: SurvivorBuffer) => {
    for (let s = 0; s < survivors.count; s += 1) {
      const p = survivors.first[s] as number;
      const q = survivors.second[s] as number;
      if (!passesDeepStage(bound, p, q, survivors.partial[s] as number)) continue;
      pairsCompared += 1;
      const i = rows[p] as number;
      const j = rows[q] as number;
      const similarity = quantizeSimilarity(rowDot(vectors, i, j));
      if (similarity < thresholdQ) continue;
      components.union(i, j);
      kept.offer(i, j, similarity);
      kept.offer(j, i, similarity);
    }
    survivors.count = 0;
  };
  scanPairs(bound, onSurvivors);
  return assembleGraph(vectors.count, kept, components, {
    source: "scan",
    pairsConsidered: (rows.length * (rows.length - 1)) / 2,
    pairsCompared,
  });
}

/** Pairs that passed the first two stages, with their partial bound, waiting for the rest. */
interface SurvivorBuffer {
  readonly first: Int32Array;
  readonly second: Int32Array;
  readonly partial: Float64Array;
  count: number;
}

const SURVIVOR_CAPACITY = 64 * BLOCK_ROWS;

/**
 * Every pair (p < q) of positions, in blocks of rows against every later row (a block's bound
 * data stays in cache while the later rows stream past once), through the first two stages.
 * Survivors are buffered and handed over between rows, never from inside the inner loop: this
 * loop runs n²/2 times, and a call or an indirection there costs as much as the work itself.
 */
function scanPairs(bound: PruningBound, onSurvivors: (survivors: SurvivorBuffer) => void): void {
  const { count, first, second, firstResidual, secondResidual, lowest } = bound;
  const survivors: SurvivorBuffer = {
    first: new Int32Array(SURVIVOR_CAPACITY),
    second: new Int32Array(SURVIVOR_CAPACITY),
    partial: new Float64Array(SURVIVOR_CAPACITY),
    count: 0,
  };
  const survivorFirst = survivors.first;
  const survivorSecond = survivors.second;
  const survivorPartial = survivors.partial;
  let buffered = 0;
  for (let start = 0; start < count; start += BLOCK_ROWS) {
    const end = Math.min(count, start + BLOCK_ROWS);
    for (let q = start + 1; q < count; q += 1) {
      if (buffered + BLOCK_ROWS > SURVIVOR_CAPACITY) {
        survivors.count = buffered;
        onSurvivors(survivors);
        buffered = 0;
      }
      const o = q * STAGE_WIDTH;
      const q0 = first[o] as number, q1 = first[o + 1] as number, q2 = first[o + 2] as number, q3 = first[o + 3] as number;
      const q4 = first[o + 4] as number, q5 = first[o + 5] as number, q6 = first[o + 6] as number, q7 = first[o + 7] as number;
      const qFirstResidual = firstResidual[q] as number;
      const last = Math.min(end, q);
      for (let p = start; p < last; p += 1) {
        const a = p * STAGE_WIDTH;
        let dot =
          (first[a] as number) * q0 + (first[a + 1] as number) * q1 + (first[a + 2] as number) * q2 + (first[a + 3] as number) * q3 +
          (first[a + 4] as number) * q4 + (first[a + 5] as number) * q5 + (first[a + 6] as number) * q6 + (first[a + 7] as number) * q7;
        if (dot + (firstResidual[p] as number) * qFirstResidual < lowest) continue;
        dot +=
          (second[a] as number) * (second[o] as number) + (second[a + 1] as number) * (second[o + 1] as number) +
          (second[a + 2] as number) * (second[o + 2] as number) + (second[a + 3] as number) * (second[o + 3] as number) +
          (second[a + 4] as number) * (second[o + 4] as number) + (second[a + 5] as number) * (second[o + 5] as number) +
          (second[a + 6] as number) * (second[o + 6] as number) + (second[a + 7] as number) * (second[o + 7] as number);
        if (dot + (secondResidual[p] as number) * (secondResidual[q] as number) < lowest) continue;
        survivorFirst[buffered] = p;
        survivorSecond[buffered] = q;
        survivorPartial[buffered] = dot;
        buffered += 1;
      }
    }
  }
  survivors.count = buffered;
  onSurvivors(survivors);
}

/** The remaining axes (16 … 32) of the bound. */
function passesDeepStage(bound: PruningBound, p: number, q: number, partial: number): boolean {
  const { deep, deepWidth, deepResidual } = bound;
  let dot = partial;
  for (let c = 0; c < deepWidth; c += 1) dot += (deep[p * deepWidth + c] as number) * (deep[q * deepWidth + c] as number);
  return dot + (deepResidual[p] as number) * (deepResidual[q] as number) >= bound.lowest;
}

export interface CandidateGraphFromListsOptions {
  readonly vectors: UnitVectors;
  readonly thresholdQ: number;
  /** For each vector, indices of candidate neighbours (e.g. pgvector's nearest). */
  readonly candidates: readonly (readonly number[])[];
}

/** A graph from neighbour lists found elsewhere, keeping the pairs whose similarity is ≥ τ. */
export function candidateGraphFromLists({ vectors, thresholdQ, candidates }: CandidateGraphFromListsOptions): CandidateGraph {
  const { count } = vectors;
  if (candidates.length !== count) throw new RangeError(`Expected ${count} candidate lists, got ${candidates.length}.`);
  const kept = new NeighbourLists(count, Infinity);
  const components = new DisjointSets(count);
  let pairsConsidered = 0;
  candidates.forEach((list, i) => {
    for (const j of list) {
      if (!Number.isInteger(j) || j < 0 || j >= count) throw new RangeError(`Candidate ${j} of vector ${i} is not an input index.`);
      pairsConsidered += 1;
      if (j === i) continue;
      const similarity = rowSimilarity(vectors, i, j);
      if (similarity < thresholdQ) continue;
      components.union(i, j);
      kept.offer(i, j, similarity);
    }
  });
  return assembleGraph(count, kept, components, { source: "lists", pairsConsidered, pairsCompared: pairsConsidered });
}

/**
 * Projections of every (non-zero) vector onto the axes, split by stage: axes 0–7 and 8–15 in
 * contiguous rows of 8 (zero-padded when there are fewer axes, which keeps the bound valid: the
 * residual then carries the rest), the others after; and per stage the length of what the
 * axes so far leave unexplained.
 */
interface PruningBound {
  readonly count: number;
  readonly first: Float64Array;
  readonly second: Float64Array;
  readonly deep: Float64Array;
  readonly deepWidth: number;
  readonly firstResidual: Float64Array;
  readonly secondResidual: Float64Array;
  readonly deepResidual: Float64Array;
  /** Smallest dot product that can still reach the threshold, less the slack. */
  readonly lowest: number;
}

function buildBound(vectors: UnitVectors, rows: Int32Array, lowest: number): PruningBound {
  const { data, dimension } = vectors;
  const count = rows.length;
  const axes = Math.min(MAX_AXES, dimension);
  const step = Math.max(1, count / AXIS_SAMPLE_LIMIT);
  const sample = Int32Array.from({ length: Math.min(count, AXIS_SAMPLE_LIMIT) }, (_, i) => rows[Math.floor(i * step)] as number);
  const basis = principalAxes({ data, dimension, rows: sample, axes, iterations: AXIS_ROUNDS });
  const deepWidth = Math.max(0, axes - 2 * STAGE_WIDTH);
  const first = new Float64Array(count * STAGE_WIDTH);
  const second = new Float64Array(count * STAGE_WIDTH);
  const deep = new Float64Array(count * deepWidth);
  const firstResidual = new Float64Array(count);
  const secondResidual = new Float64Array(count);
  const deepResidual = new Float64Array(count);
  const firstEnd = Math.min(STAGE_WIDTH, axes);
  const secondEnd = Math.min(2 * STAGE_WIDTH, axes);
  for (let p = 0; p < count; p += 1) {
    const row = rows[p] as number;
    const offset = row * dimension;
    let remaining = rowDot(vectors, row, row);
    for (let c = 0; c < axes; c += 1) {
      if (c === firstEnd) firstResidual[p] = Math.sqrt(Math.max(0, remaining));
      if (c === secondEnd) secondResidual[p] = Math.sqrt(Math.max(0, remaining));
      let projection = 0;
      for (let k = 0; k < dimension; k += 1) projection += (data[offset + k] as number) * (basis[c * dimension + k] as number);
      remaining -= projection * projection;
      if (c < STAGE_WIDTH) first[p * STAGE_WIDTH + c] = projection;
      else if (c < 2 * STAGE_WIDTH) second[p * STAGE_WIDTH + c - STAGE_WIDTH] = projection;
      else deep[p * deepWidth + c - 2 * STAGE_WIDTH] = projection;
    }
    const unexplained = Math.sqrt(Math.max(0, remaining));
    if (firstEnd === axes) firstResidual[p] = unexplained;
    if (secondEnd === axes) secondResidual[p] = unexplained;
    deepResidual[p] = unexplained;
  }
  return { count, first, second, deep, deepWidth, firstResidual, secondResidual, deepResidual, lowest };
}

function nonZeroRows(vectors: UnitVectors, within: readonly number[] | undefined): Int32Array {
  const candidates = within ?? Array.from({ length: vectors.count }, (_, i) => i);
  return Int32Array.from(candidates.filter((i) => !isZeroRow(vectors, i)));
}

/** Each vector's best neighbours so far: highest similarity, ties to the lower index. */
class NeighbourLists {
  private readonly indices: number[][];
  private readonly similarities: number[][];
  private readonly truncated: Uint8Array;

  constructor(count: number, private readonly limit: number) {
    this.indices = Array.from({ length: count }, () => []);
    this.similarities = Array.from({ length: count }, () => []);
    this.truncated = new Uint8Array(count);
  }

  offer(owner: number, neighbour: number, similarity: number): void {
    const indices = this.indices[owner] as number[];
    const similarities = this.similarities[owner] as number[];
    if (indices.length < this.limit) {
      indices.push(neighbour);
      similarities.push(similarity);
      return;
    }
    this.truncated[owner] = 1;
    let worst = 0;
    for (let t = 1; t < indices.length; t += 1) {
      const s = similarities[t] as number;
      const w = similarities[worst] as number;
      if (s < w || (s === w && (indices[t] as number) > (indices[worst] as number))) worst = t;
    }
    const worstSimilarity = similarities[worst] as number;
    if (similarity > worstSimilarity || (similarity === worstSimilarity && neighbour < (indices[worst] as number))) {
      indices[worst] = neighbour;
      similarities[worst] = similarity;
    }
  }

  entries(owner: number): { indices: readonly number[]; similarities: readonly number[] } {
    return { indices: this.indices[owner] as number[], similarities: this.similarities[owner] as number[] };
  }

  truncatedFlags(): Uint8Array {
    return this.truncated;
  }
}

// Symmetrizes the kept lists (an edge kept by either end belongs to both), sorts each vector's
// neighbours best first and packs them in compressed rows.
function assembleGraph(
  count: number,
  kept: NeighbourLists,
  components: DisjointSets,
  stats: Omit<CandidateGraphStats, "edges" | "truncatedPoints">,
): CandidateGraph {
  const adjacency: Map<number, number>[] = Array.from({ length: count }, () => new Map());
  for (let i = 0; i < count; i += 1) {
    const { indices, similarities } = kept.entries(i);
    indices.forEach((j, t) => {
      const similarity = similarities[t] as number;
      (adjacency[i] as Map<number, number>).set(j, similarity);
      (adjacency[j] as Map<number, number>).set(i, similarity);
    });
  }
  const offsets = new Int32Array(count + 1);
  for (let i = 0; i < count; i += 1) offsets[i + 1] = (offsets[i] as number) + (adjacency[i] as Map<number, number>).size;
  const neighbours = new Int32Array(offsets[count] as number);
  const similarities = new Float64Array(offsets[count] as number);
  adjacency.forEach((map, i) => {
    const sorted = [...map].sort(([a, sa], [b, sb]) => sb - sa || a - b);
    let at = offsets[i] as number;
    for (const [j, similarity] of sorted) {
      neighbours[at] = j;
      similarities[at] = similarity;
      at += 1;
    }
  });
  return {
    count,
    offsets,
    neighbours,
    similarities,
    component: components.labels(),
    truncated: kept.truncatedFlags(),
    stats: { ...stats, edges: (offsets[count] as number) / 2, truncatedPoints: kept.truncatedFlags().reduce((sum, flag) => sum + flag, 0) },
  };
}

// Average and complete linkage on a sparse candidate graph, for the larger connected components
// of the sparse path (hac-sparse.ts). Same semantics, tie rule and integer link values as
// hac-exact.ts; cost grows with the edges rather than with the square of the component.
//
// Only clusters joined by at least one graph edge can have a link ≥ τ (a link is a mean, max
// or min of pair similarities, so one of them must be ≥ τ), and the graph holds every such
// pair when it is complete. So the candidate merges are the adjacent cluster pairs, kept in a
// priority queue, and the result equals exact HAC. A link to a cluster that was not adjacent
// to one of the two merging clusters is computed on demand, exactly, from the vectors: for
// average linkage the sum of all pair similarities must be known, below-threshold ones too.
// If the graph was truncated (more ≥ τ neighbours than kept), merges between clusters joined
// only by dropped edges are missed: the result is then an approximation, never a wrong link.
import { BinaryHeap } from "./binary-heap";
import type { CandidateGraph } from "./candidate-graph";
import { combineLinks, isBetterMerge, isMergeable, linkScore, type Linkage } from "./linkage";
import { rowSimilarity, type UnitVectors } from "./unit-vectors";

export interface GraphHacOptions {
  /** The component's vectors (input indices, ascending). */
  readonly members: readonly number[];
  readonly graph: CandidateGraph;
  readonly vectors: UnitVectors;
  readonly linkage: Exclude<Linkage, "single">;
  readonly thresholdQ: number;
}

interface CandidateMerge {
  readonly score: number;
  readonly low: number;
  readonly high: number;
  readonly lowVersion: number;
  readonly highVersion: number;
}

/** Partition of the members, each part ascending, ordered by smallest member. */
export function graphHac({ members, graph, vectors, linkage, thresholdQ }: GraphHacOptions): number[][] {
  // A cluster is named by its smallest member, as in hac-exact.ts.
  const clusterMembers = new Map<number, number[]>();
  const links = new Map<number, Map<number, number>>();
  const version = new Map<number, number>();
  for (const member of members) {
    clusterMembers.set(member, [member]);
    links.set(member, new Map());
    version.set(member, 0);
  }
  const queue = new BinaryHeap<CandidateMerge>((a, b) => isBetterMerge(a.score, a.low, a.high, b.score, b.low, b.high));
  const offer = (a: number, b: number, value: number) => {
    const sizeA = (clusterMembers.get(a) as number[]).length;
    const sizeB = (clusterMembers.get(b) as number[]).length;
    if (!isMergeable(linkage, value, sizeA, sizeB, thresholdQ)) return;
    const [low, high] = a < b ? [a, b] : [b, a];
    queue.push({
      score: linkScore(linkage, value, sizeA, sizeB),
      low,
      high,
      lowVersion: version.get(low) as number,
      highVersion: version.get(high) as number,
    });
  };

  for (const i of members) {
    for (let at = graph.offsets[i] as number; at < (graph.offsets[i + 1] as number); at += 1) {
      const j = graph.neighbours[at] as number;
      if (!links.has(j)) throw new RangeError(`Graph edge ${i}–${j} leaves its component.`);
      const similarity = graph.similarities[at] as number;
      (links.get(i) as Map<number, number>).set(j, similarity);
      if (i < j) offer(i, j, similarity);
    }
  }

  const exactLink = (a: number, b: number) => {
    let value = linkage === "average" ? 0 : Infinity;
    for (const i of clusterMembers.get(a) as number[]) {
      for (const j of clusterMembers.get(b) as number[]) value = combineLinks(linkage, value, rowSimilarity(vectors, i, j));
    }
    return value;
  };

  for (let merge = queue.pop(); merge; merge = queue.pop()) {
    const { low, high } = merge;
    if (version.get(low) !== merge.lowVersion || version.get(high) !== merge.highVersion) continue; // stale
    const lowLinks = links.get(low) as Map<number, number>;
    const highLinks = links.get(high) as Map<number, number>;
    const merged = new Map<number, number>();
    for (const other of new Set([...lowLinks.keys(), ...highLinks.keys()])) {
      if (other === low || other === high) continue;
      const value = combineLinks(linkage, lowLinks.get(other) ?? exactLink(low, other), highLinks.get(other) ?? exactLink(high, other));
      merged.set(other, value);
      const otherLinks = links.get(other) as Map<number, number>;
      otherLinks.delete(high);
      otherLinks.set(low, value);
    }
    (clusterMembers.get(low) as number[]).push(...(clusterMembers.get(high) as number[]));
    clusterMembers.delete(high);
    links.delete(high);
    version.delete(high);
    links.set(low, merged);
    version.set(low, (version.get(low) as number) + 1);
    for (const [other, value] of merged) offer(low, other, value);
  }

  return [...clusterMembers.keys()].sort((a, b) => a - b).map((name) => (clusterMembers.get(name) as number[]).sort((a, b) => a - b));
}

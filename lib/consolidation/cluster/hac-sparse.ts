// HAC for inputs whose pair matrix does not fit: the same clusters as hac-exact.ts, found
// component by component on the graph of pairs with similarity ≥ τ (candidate-graph.ts).
//
// No merge at ≥ τ can join clusters from different components of that graph (every link
// between them is built from pairs < τ), and merges inside one component never change links
// in another, so HAC of the whole input is the union of HAC of each component — with the same
// tie rule, because components keep the input's indices. Per component:
//   single linkage   — the component is the cluster (exact by definition);
//   small            — exact HAC on the component's own pair matrix;
//   larger           — graph HAC (hac-graph.ts) on the component's edges ≥ τ, which is exact
//                      when it has all of them. The main scan keeps k per vector; if that
//                      dropped any inside this component, the component is scanned again
//                      keeping up to COMPONENT_NEIGHBOURS each. Graph HAC costs about the edges
//                      plus the links it must compute, the matrix m² · d, so from a few hundred
//                      members on the graph is much faster — both give the same clusters.
//   still incomplete — (a vector with more than COMPONENT_NEIGHBOURS neighbours ≥ τ) the pair
//                      matrix if the component fits maxExactSize, else graph HAC on what was
//                      kept: an approximation, counted in stats.inexactComponents.
// The in-memory scan finds every pair ≥ τ, so components are always exact. With injected lists
// (pgvector) everything is as complete as the lists. Deterministic either way.
import { candidateGraphFromLists, scanCandidateGraph, type CandidateGraph, type CandidateGraphStats } from "./candidate-graph";
import { summarizeVectorCluster, type VectorCluster } from "./cluster-summary";
import { agglomerate } from "./hac-exact";
import { graphHac } from "./hac-graph";
import { DEFAULT_LINKAGE, DEFAULT_THRESHOLD, type Linkage } from "./linkage";
import { quantizeThreshold } from "./quantized-similarity";
import type { VectorLike } from "./similarity";
import { similarityMatrixOfRows } from "./similarity-matrix";
import { toUnitVectors, type UnitVectors } from "./unit-vectors";

/** Largest set (or component) clustered with a pair matrix: 4 000 → 64 MB. */
export const DEFAULT_MAX_EXACT_SIZE = 4000;
/** Neighbours kept per vector by the in-memory scan. */
export const DEFAULT_NEIGHBOURS = 16;
/** Neighbours kept per vector when a component is scanned again for graph HAC. */
const COMPONENT_NEIGHBOURS = 256;
/** Components up to this size (and maxExactSize) get the pair matrix; larger ones graph HAC. */
const COMPONENT_MATRIX_LIMIT = 512;

export interface SparseHacOptions {
  readonly vectors: readonly VectorLike[];
  readonly threshold?: number;
  readonly linkage?: Linkage;
  /** Neighbours kept per vector by the in-memory scan (k of the kNN graph). */
  readonly neighbours?: number;
  /** Candidate neighbour lists found elsewhere (e.g. pgvector), one per vector; replaces the scan. */
  readonly candidates?: readonly (readonly number[])[];
  /** Components up to this size get exact HAC on their own pair matrix. */
  readonly maxExactSize?: number;
}

export interface SparseHacStats extends CandidateGraphStats {
  readonly components: number;
  readonly largestComponent: number;
  /** Components clustered by the pair matrix / by graph HAC (single linkage needs neither). */
  readonly componentsByMatrix: number;
  readonly componentsByGraph: number;
  /** Graph-HAC components whose edge lists still missed some pair ≥ τ (results approximate there). */
  readonly inexactComponents: number;
}

export interface SparseHacResult {
  readonly clusters: VectorCluster[];
  readonly stats: SparseHacStats;
}

export function sparseHac({ vectors, threshold = DEFAULT_THRESHOLD, linkage = DEFAULT_LINKAGE, ...rest }: SparseHacOptions): SparseHacResult {
  return sparseHacOfUnitVectors(toUnitVectors(vectors), quantizeThreshold(threshold), linkage, rest);
}

export function sparseHacOfUnitVectors(
  vectors: UnitVectors,
  thresholdQ: number,
  linkage: Linkage,
  { neighbours = DEFAULT_NEIGHBOURS, candidates, maxExactSize = DEFAULT_MAX_EXACT_SIZE }: Pick<SparseHacOptions, "neighbours" | "candidates" | "maxExactSize">,
): SparseHacResult {
  if (!(neighbours >= 1)) throw new RangeError(`neighbours must be at least 1, got ${neighbours}.`);
  const graph = candidates
    ? candidateGraphFromLists({ vectors, thresholdQ, candidates })
    : scanCandidateGraph({ vectors, thresholdQ, neighbours });
  const components = componentsOf(graph);
  const partition: number[][] = [];
  let componentsByMatrix = 0;
  let componentsByGraph = 0;
  let inexactComponents = 0;
  const byMatrix = (members: number[]) => {
    componentsByMatrix += 1;
    const local = agglomerate(similarityMatrixOfRows(vectors, members), linkage, thresholdQ);
    // Local indices follow the ascending input indices, so mapping back keeps every order.
    for (const part of local) partition.push(part.map((position) => members[position] as number));
  };
  const byGraph = (members: number[], componentGraph: CandidateGraph, graphLinkage: Exclude<Linkage, "single">) => {
    componentsByGraph += 1;
    partition.push(...graphHac({ members, graph: componentGraph, vectors, linkage: graphLinkage, thresholdQ }));
  };
  for (const members of components) {
    if (members.length === 1 || linkage === "single") {
      partition.push(members);
      continue;
    }
    if (members.length <= Math.min(maxExactSize, COMPONENT_MATRIX_LIMIT)) {
      byMatrix(members);
      continue;
    }
    const componentGraph = hasTruncated(graph, members)
      ? scanCandidateGraph({ vectors, thresholdQ, neighbours: Math.max(neighbours, COMPONENT_NEIGHBOURS), within: members })
      : graph;
    if (!hasTruncated(componentGraph, members)) byGraph(members, componentGraph, linkage);
    else if (members.length <= maxExactSize) byMatrix(members);
    else {
      inexactComponents += 1;
      byGraph(members, componentGraph, linkage);
    }
  }
  partition.sort((a, b) => (a[0] as number) - (b[0] as number));
  return {
    clusters: partition.map((members) => summarizeVectorCluster(members, vectors)),
    stats: {
      ...graph.stats,
      components: components.length,
      largestComponent: components.reduce((largest, members) => Math.max(largest, members.length), 0),
      componentsByMatrix,
      componentsByGraph,
      inexactComponents,
    },
  };
}

/** Whether the scan dropped neighbours ≥ τ of any of these vectors (lists report none). */
function hasTruncated(graph: CandidateGraph, members: readonly number[]): boolean {
  return graph.stats.source === "scan" && members.some((i) => graph.truncated[i] === 1);
}

/** Members of every component, ascending, components ordered by smallest member. */
function componentsOf(graph: CandidateGraph): number[][] {
  const byLabel = new Map<number, number[]>();
  for (let i = 0; i < graph.count; i += 1) {
    const label = graph.component[i] as number;
    const members = byLabel.get(label);
    if (members) members.push(i);
    else byLabel.set(label, [i]);
  }
  return [...byLabel.values()]; // labels first appear in ascending order, members ascend too
}

import { describe, expect, it } from "vitest";
import { exactHac } from "@/lib/consolidation/cluster/hac-exact";
import { sparseHac } from "@/lib/consolidation/cluster/hac-sparse";
import { quantizeThreshold } from "@/lib/consolidation/cluster/quantized-similarity";
import { rowSimilarity, toUnitVectors } from "@/lib/consolidation/cluster/unit-vectors";
import { DisjointSets } from "@/lib/consolidation/cluster/union-find";
import { generateClusteredVectors, seededRandom, shuffle } from "./generated-vectors";

const LINKAGES = ["single", "average", "complete"] as const;
const SLOW = 120_000;

// 3 000 vectors of dimension 64 around 200 centres (a quarter of them near another centre),
// noise putting many pair similarities near 0.85, and 150 isolated points.
const vectors = generateClusteredVectors({ count: 3000, dimension: 64, centres: 200, isolated: 150, seed: 42 });
const exactByLinkage = new Map(LINKAGES.map((linkage) => [linkage, exactHac({ vectors, linkage })]));
const exact = (linkage: (typeof LINKAGES)[number]) => exactByLinkage.get(linkage) ?? [];

// Every pair ≥ τ, by brute force (for the single-linkage oracle and the injected lists).
const unit = toUnitVectors(vectors);
const thresholdQ = quantizeThreshold(0.85);
const pairsAbove: [number, number][] = [];
for (let i = 0; i < unit.count; i += 1) for (let j = i + 1; j < unit.count; j += 1) if (rowSimilarity(unit, i, j) >= thresholdQ) pairsAbove.push([i, j]);

describe("sparse HAC equals exact HAC on 3 000 generated vectors", () => {
  it("the input has clusters of many sizes and the linkages disagree", () => {
    const sizes = exact("average").map((cluster) => cluster.members.length);
    expect(Math.max(...sizes)).toBeGreaterThan(10);
    expect(sizes.filter((size) => size === 1).length).toBeGreaterThan(150);
    expect(new Set(LINKAGES.map((linkage) => exact(linkage).length)).size).toBe(3);
  });

  for (const linkage of LINKAGES) {
    it(`${linkage}: in-memory candidate scan, components by pair matrix`, { timeout: SLOW }, () => {
      const { clusters, stats } = sparseHac({ vectors, linkage });
      expect(clusters).toEqual(exact(linkage));
      expect(stats.pairsCompared).toBeLessThan(stats.pairsConsidered / 20); // the bound prunes
      expect(stats.edges).toBeGreaterThan(0);
    });

    it(`${linkage}: every component through graph HAC (complete candidate graph)`, { timeout: SLOW }, () => {
      const { clusters, stats } = sparseHac({ vectors, linkage, maxExactSize: 1, neighbours: 3000 });
      expect(stats.truncatedPoints).toBe(0);
      if (linkage !== "single") expect(stats.componentsByGraph).toBeGreaterThan(100);
      expect(clusters).toEqual(exact(linkage));
    });

    it(`${linkage}: injected neighbour lists (as pgvector would return them)`, { timeout: SLOW }, () => {
      const candidates: number[][] = vectors.map(() => []);
      for (const [i, j] of pairsAbove) (candidates[i] as number[]).push(j); // one direction is enough
      const { clusters, stats } = sparseHac({ vectors, linkage, candidates });
      expect(stats.source).toBe("lists");
      expect(clusters).toEqual(exact(linkage));
    });
  }

  it("single linkage is the connected components of the ≥ τ graph, whatever k", () => {
    const sets = new DisjointSets(vectors.length);
    for (const [i, j] of pairsAbove) sets.union(i, j);
    const labels = sets.labels();
    const components = new Map<number, number[]>();
    labels.forEach((label, i) => components.set(label, [...(components.get(label) ?? []), i]));
    const expected = [...components.values()];
    const { clusters, stats } = sparseHac({ vectors, linkage: "single", neighbours: 2 });
    expect(stats.truncatedPoints).toBeGreaterThan(0);
    expect(clusters.map((cluster) => cluster.members)).toEqual(expected);
    expect(exact("single").map((cluster) => cluster.members)).toEqual(expected);
  });

  it("a huge component whose vectors lost neighbours to k is scanned again, so graph HAC stays exact", { timeout: SLOW }, () => {
    const { clusters, stats } = sparseHac({ vectors, linkage: "average", maxExactSize: 1, neighbours: 2 });
    expect(stats.truncatedPoints).toBeGreaterThan(0);
    expect(stats.inexactComponents).toBe(0);
    expect(clusters).toEqual(exact("average"));
  });

  it("shuffled input gives the same partition mapped back", { timeout: SLOW }, () => {
    const order = shuffle(vectors.map((_, i) => i), seededRandom(5));
    const { clusters } = sparseHac({ vectors: order.map((i) => vectors[i] as number[]), linkage: "average" });
    const mappedBack = clusters.map((cluster) => cluster.members.map((position) => order[position] as number).sort((a, b) => a - b));
    mappedBack.sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(mappedBack).toEqual(exact("average").map((cluster) => cluster.members));
  });

  it("average clusters are tight on average, complete clusters pair by pair", () => {
    for (const cluster of exact("average")) if (cluster.meanSimilarity !== null) expect(cluster.meanSimilarity).toBeGreaterThan(0.85 - 1e-6);
    for (const cluster of exact("complete")) if (cluster.minSimilarity !== null) expect(cluster.minSimilarity).toBeGreaterThan(0.85 - 1e-6);
  });
});

describe("sparse HAC edge cases", () => {
  it("flags a component denser than the re-scan keeps, and still partitions it deterministically", () => {
    // 300 near-identical vectors: each has 299 neighbours ≥ τ, more than the 256 a re-scan keeps.
    const random = seededRandom(1);
    const dense = Array.from({ length: 300 }, () => [1, 0.01 * random(), 0.01 * random()]);
    const first = sparseHac({ vectors: dense, maxExactSize: 10 });
    expect(first.stats).toMatchObject({ components: 1, componentsByGraph: 1, inexactComponents: 1 });
    expect(first.clusters.map((cluster) => cluster.members)).toEqual([dense.map((_, i) => i)]);
    expect(sparseHac({ vectors: dense, maxExactSize: 10 })).toEqual(first);
  });

  it("falls back to the pair matrix for a dense component that still fits it", () => {
    const random = seededRandom(2);
    const dense = Array.from({ length: 600 }, () => [1, 0.7 * random(), 0.7 * random()]);
    const { clusters, stats } = sparseHac({ vectors: dense, linkage: "complete" });
    expect(stats).toMatchObject({ components: 1, componentsByMatrix: 1, componentsByGraph: 0, inexactComponents: 0 });
    expect(clusters).toEqual(exactHac({ vectors: dense, linkage: "complete" }));
    expect(clusters.length).toBeGreaterThan(1);
  });


  it("empty input, zero vectors and duplicates", () => {
    expect(sparseHac({ vectors: [] }).clusters).toEqual([]);
    const { clusters } = sparseHac({ vectors: [[0, 0], [1, 1], [0, 0], [2, 2], [1, -1]] });
    expect(clusters.map((cluster) => cluster.members)).toEqual([[0], [1, 3], [2], [4]]);
    expect(clusters[1]?.minSimilarity).toBe(1);
  });

  it("rejects candidate lists that do not fit the input", () => {
    expect(() => sparseHac({ vectors: [[1, 0]], candidates: [] })).toThrow(RangeError);
    expect(() => sparseHac({ vectors: [[1, 0], [0, 1]], candidates: [[5], []] })).toThrow(RangeError);
  });
});

import { describe, expect, it } from "vitest";
import { assignToClusters, clusterVectors, projectTo2d } from "@/lib/consolidation/cluster/cluster";
import { generateClusteredVectors, seededRandom, shuffle } from "./generated-vectors";

const atAngle = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];

describe("clusterVectors", () => {
  const vectors = generateClusteredVectors({ count: 500, dimension: 32, centres: 40, isolated: 20, seed: 3 });

  it("uses the exact path up to maxExactSize and the sparse path above, with the same clusters", () => {
    const exact = clusterVectors({ vectors });
    const sparse = clusterVectors({ vectors, maxExactSize: 499 });
    expect(exact).toMatchObject({ method: "exact", linkage: "average", threshold: 0.85 });
    expect(sparse.method).toBe("sparse");
    expect(sparse.clusters).toEqual(exact.clusters);
  });

  it("passes threshold and linkage through", () => {
    const loose = clusterVectors({ vectors, threshold: 0.7, linkage: "single" });
    expect(loose).toMatchObject({ threshold: 0.7, linkage: "single" });
    expect(loose.clusters.length).toBeLessThan(clusterVectors({ vectors }).clusters.length);
  });

  it("covers every index exactly once, clusters ordered by smallest member", () => {
    const { clusters } = clusterVectors({ vectors, linkage: "complete" });
    expect(clusters.flatMap((cluster) => cluster.members).sort((a, b) => a - b)).toEqual(vectors.map((_, i) => i));
    const firsts = clusters.map((cluster) => cluster.members[0] as number);
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
  });

  it("rejects a threshold outside (0, 1]", () => {
    expect(() => clusterVectors({ vectors, threshold: 1.2 })).toThrow(RangeError);
  });
});

describe("assignToClusters", () => {
  const canonicalVectors = [atAngle(0), atAngle(90), atAngle(45)];

  it("joins the most similar canonical vector when it is ≥ τ", () => {
    const [near0, exactly45] = assignToClusters({ vectors: [atAngle(10), atAngle(45)], canonicalVectors });
    expect(near0?.cluster).toBe(0);
    expect(near0?.similarity).toBeCloseTo(Math.cos((10 * Math.PI) / 180), 6);
    expect(exactly45).toEqual({ cluster: 2, similarity: 1 });
  });

  it("breaks ties towards the lower cluster index", () => {
    // 22.5° is equally far from 0° and 45°.
    expect(assignToClusters({ vectors: [atAngle(22.5)], canonicalVectors })[0]?.cluster).toBe(0);
    expect(assignToClusters({ vectors: [atAngle(22.5)], canonicalVectors: [atAngle(45), atAngle(0)] })[0]?.cluster).toBe(0);
  });

  it("joins nothing below τ, and joins at exactly τ", () => {
    const [opposite, zero] = assignToClusters({ vectors: [[-1, 0], [0, 0]], canonicalVectors });
    expect(opposite).toEqual({ cluster: null, similarity: 0 });
    expect(zero).toEqual({ cluster: null, similarity: 0 });
    const boundary = [0.85, Math.sqrt(1 - 0.85 ** 2)];
    expect(assignToClusters({ vectors: [boundary], canonicalVectors: [[1, 0]], threshold: 0.85 })[0]?.cluster).toBe(0);
    expect(assignToClusters({ vectors: [boundary], canonicalVectors: [[1, 0]], threshold: 0.851 })[0]?.cluster).toBeNull();
  });

  it("has nothing to join without clusters", () => {
    expect(assignToClusters({ vectors: [[1, 0]], canonicalVectors: [] })).toEqual([{ cluster: null, similarity: null }]);
    expect(assignToClusters({ vectors: [], canonicalVectors })).toEqual([]);
  });

  it("agrees with clustering: a vector joins the cluster it would have been clustered into", () => {
    const members = [atAngle(0), atAngle(5), atAngle(70)];
    const { clusters } = clusterVectors({ vectors: [...members, atAngle(3)] });
    const assignment = assignToClusters({ vectors: [atAngle(3)], canonicalVectors: [atAngle(2.5), atAngle(70)] });
    expect(clusters.find((cluster) => cluster.members.includes(3))?.members).toEqual([0, 1, 3]);
    expect(assignment[0]?.cluster).toBe(0);
  });
});

describe("projectTo2d", () => {
  // Unit vectors in the xy-plane of 3-D, angles −40°…40°: the spread is mostly along y, then x.
  const angles = Array.from({ length: 17 }, (_, i) => -40 + 5 * i);
  const vectors = angles.map((degrees) => [...atAngle(degrees), 0]);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

  it("projects on the two principal axes of the centred vectors, largest component positive", () => {
    const points = projectTo2d(vectors);
    const sines = angles.map((degrees) => Math.sin((degrees * Math.PI) / 180));
    const cosines = angles.map((degrees) => Math.cos((degrees * Math.PI) / 180));
    points.forEach(([x, y], i) => {
      expect(x).toBeCloseTo((sines[i] as number) - mean(sines), 6);
      expect(y).toBeCloseTo((cosines[i] as number) - mean(cosines), 6);
    });
  });

  it("is the same on every call, and for shuffled input point by point", () => {
    const generated = generateClusteredVectors({ count: 300, dimension: 24, centres: 6, isolated: 5, seed: 8 });
    const points = projectTo2d(generated);
    expect(projectTo2d(generated)).toEqual(points);
    const order = shuffle(generated.map((_, i) => i), seededRandom(4));
    const shuffled = projectTo2d(order.map((i) => generated[i] as number[]));
    shuffled.forEach(([x, y], position) => {
      const [expectedX, expectedY] = points[order[position] as number] as readonly [number, number];
      expect(x).toBeCloseTo(expectedX, 8);
      expect(y).toBeCloseTo(expectedY, 8);
    });
  });

  it("does not depend on vector length (cosine geometry)", () => {
    const scaled = vectors.map((vector, i) => vector.map((value) => value * (1 + i)));
    expect(projectTo2d(scaled).map(([x, y]) => [x.toFixed(9), y.toFixed(9)])).toEqual(projectTo2d(vectors).map(([x, y]) => [x.toFixed(9), y.toFixed(9)]));
  });

  it("handles empty, single and one-dimensional input", () => {
    expect(projectTo2d([])).toEqual([]);
    expect(projectTo2d([[1, 2, 3]])).toEqual([[0, 0]]);
    expect(projectTo2d([[1], [-2]])).toEqual([[1, 0], [-1, 0]]);
  });
});

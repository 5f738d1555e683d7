import { describe, expect, it } from "vitest";
import { exactHac, exactHacFromSimilarities } from "@/lib/consolidation/cluster/hac-exact";
import { generateClusteredVectors, seededRandom, shuffle } from "./generated-vectors";
import { referenceHac } from "./reference-hac";

const members = (clusters: readonly { members: readonly number[] }[]) => clusters.map((cluster) => cluster.members);
const atAngle = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];

// Six items, threshold 0.85 (the paper's). 0–1–2 is a tight-ish triangle whose 0–2 edge is
// just below τ; 3–4 is a pair; 2–3 is a lone bridge above τ; 5 hangs off 4 below τ.
//   single:   (0,1) .96, (3,4) .95, {0,1}+2 via .92, then the bridge .86 → {0..4}, {5}
//   average:  (0,1) .96, (3,4) .95, {0,1}+2 = (.84+.92)/2 = .88, then {0,1,2}+{3,4} = 2.86/6 → stop
//   complete: (0,1) .96, (3,4) .95, {0,1}+2 = min .84 < τ, 2+{3,4} = min .50 → stop
const SIX = [
  [1, 0.96, 0.84, 0.4, 0.3, 0.1],
  [0.96, 1, 0.92, 0.45, 0.35, 0.1],
  [0.84, 0.92, 1, 0.86, 0.5, 0.1],
  [0.4, 0.45, 0.86, 1, 0.95, 0.1],
  [0.3, 0.35, 0.5, 0.95, 1, 0.8],
  [0.1, 0.1, 0.1, 0.1, 0.8, 1],
];

describe("exact HAC on a hand-written similarity matrix", () => {
  it("single linkage chains across the bridge", () => {
    expect(members(exactHacFromSimilarities({ similarities: SIX, linkage: "single" }))).toEqual([[0, 1, 2, 3, 4], [5]]);
  });

  it("average linkage pulls 2 into the triangle but not across the bridge", () => {
    expect(members(exactHacFromSimilarities({ similarities: SIX, linkage: "average" }))).toEqual([[0, 1, 2], [3, 4], [5]]);
  });

  it("complete linkage leaves 2 alone because 0–2 is below τ", () => {
    expect(members(exactHacFromSimilarities({ similarities: SIX, linkage: "complete" }))).toEqual([[0, 1], [2], [3, 4], [5]]);
  });

  it("defaults to average linkage at 0.85", () => {
    expect(members(exactHacFromSimilarities({ similarities: SIX }))).toEqual([[0, 1, 2], [3, 4], [5]]);
  });

  it("reports each cluster's spread and medoid", () => {
    const [triangle, pair, single] = exactHacFromSimilarities({ similarities: SIX, linkage: "average" });
    // Pairs .96, .84, .92; mean similarity to the others: 0 → .90, 1 → .94, 2 → .88.
    expect(triangle?.medoid).toBe(1);
    expect(triangle?.minSimilarity).toBeCloseTo(0.84, 6);
    expect(triangle?.meanSimilarity).toBeCloseTo((0.96 + 0.84 + 0.92) / 3, 6);
    // A tie between the two members of a pair goes to the lower index.
    expect(pair).toMatchObject({ members: [3, 4], medoid: 3 });
    expect(pair?.minSimilarity).toBeCloseTo(0.95, 6);
    expect(single).toEqual({ members: [5], medoid: 5, minSimilarity: null, meanSimilarity: null });
  });

  it("rejects a matrix that is not square and symmetric with values in [-1, 1]", () => {
    expect(() => exactHacFromSimilarities({ similarities: [[1, 0.5], [0.4, 1]] })).toThrow(RangeError);
    expect(() => exactHacFromSimilarities({ similarities: [[1, 0.5]] })).toThrow(RangeError);
    expect(() => exactHacFromSimilarities({ similarities: [[1, 2], [2, 1]] })).toThrow(RangeError);
  });
});

describe("exact HAC on 2-D unit vectors", () => {
  // Angles 0°, 14°, 30°, 58°, 120°: cos 14° = .970, cos 16° = .961, cos 28° = .883,
  // cos 30° = .866, cos 44° = .719, cos 58° = .530, cos 62° = .469.
  const vectors = [0, 14, 30, 58, 120].map(atAngle);

  it("single: 0–1–2–3 chain (every step ≥ .85), 4 is 62° away", () => {
    expect(members(exactHac({ vectors, linkage: "single" }))).toEqual([[0, 1, 2, 3], [4]]);
  });

  it("average: (0,1) at .970, then 2 joins at (.866 + .961)/2 = .914 before (2,3) at .883; 3 then averages .711", () => {
    expect(members(exactHac({ vectors, linkage: "average" }))).toEqual([[0, 1, 2], [3], [4]]);
  });

  it("complete: (0,1) at .970, {0,1}+2 only .866, so (2,3) at .883 goes first; then nothing is ≥ .85", () => {
    expect(members(exactHac({ vectors, linkage: "complete" }))).toEqual([[0, 1], [2, 3], [4]]);
  });

  it("gives spread and medoid in cosine terms", () => {
    const [first] = exactHac({ vectors, linkage: "average" });
    expect(first?.minSimilarity).toBeCloseTo(Math.cos((30 * Math.PI) / 180), 5);
    expect(first?.meanSimilarity).toBeCloseTo((Math.cos((14 * Math.PI) / 180) + Math.cos((16 * Math.PI) / 180) + Math.cos((30 * Math.PI) / 180)) / 3, 5);
    expect(first?.medoid).toBe(1); // the middle one
  });

  it("ignores vector length (cosine) and keeps zero vectors as singletons", () => {
    const scaled = [[10, 0], [0, 0], [3, 0.2], [0, 0]];
    expect(members(exactHac({ vectors: scaled }))).toEqual([[0, 2], [1], [3]]);
  });

  it("handles empty and one-element input", () => {
    expect(exactHac({ vectors: [] })).toEqual([]);
    expect(exactHac({ vectors: [[1, 2]] })).toEqual([{ members: [0], medoid: 0, minSimilarity: null, meanSimilarity: null }]);
  });

  it("refuses vectors of mixed dimension or with non-finite values", () => {
    expect(() => exactHac({ vectors: [[1, 0], [1, 0, 0]] })).toThrow(RangeError);
    expect(() => exactHac({ vectors: [[1, Number.NaN]] })).toThrow(RangeError);
    expect(() => exactHac({ vectors: [[1, 0]], threshold: 0 })).toThrow(RangeError);
  });
});

describe("threshold boundary", () => {
  it("merges a pair whose similarity equals τ and not one a grid step below", () => {
    expect(members(exactHacFromSimilarities({ similarities: [[1, 0.85], [0.85, 1]] }))).toEqual([[0, 1]]);
    expect(members(exactHacFromSimilarities({ similarities: [[1, 0.849999], [0.849999, 1]] }))).toEqual([[0], [1]]);
  });

  it("merges 2-D vectors whose cosine is τ up to rounding", () => {
    const boundary = [[1, 0], [0.85, Math.sqrt(1 - 0.85 ** 2)]];
    expect(members(exactHac({ vectors: boundary, threshold: 0.85 }))).toEqual([[0, 1]]);
    const below = [[1, 0], [0.8499, Math.sqrt(1 - 0.8499 ** 2)]];
    expect(members(exactHac({ vectors: below, threshold: 0.85 }))).toEqual([[0], [1]]);
  });

  it("merges when an average link equals τ exactly (values on the 2^-20 grid)", () => {
    // {0,1} to 2: (0.75 + 1) / 2 = 0.875 = τ.
    const similarities = [[1, 1, 0.75], [1, 1, 1], [0.75, 1, 1]];
    expect(members(exactHacFromSimilarities({ similarities, threshold: 0.875, linkage: "average" }))).toEqual([[0, 1, 2]]);
    expect(members(exactHacFromSimilarities({ similarities, threshold: 0.875 + 2 ** -20, linkage: "average" }))).toEqual([[0, 1], [2]]);
    // Complete linkage needs every pair: 0.75 < 0.875.
    expect(members(exactHacFromSimilarities({ similarities, threshold: 0.875, linkage: "complete" }))).toEqual([[0, 1], [2]]);
  });
});

describe("ties", () => {
  it("merge the pair with the smaller lower index first", () => {
    // (0,1) and (1,2) tie at .9; (0,1) goes first, and {0,1}+2 then averages .7.
    const chain = [[1, 0.9, 0.5], [0.9, 1, 0.9], [0.5, 0.9, 1]];
    expect(members(exactHacFromSimilarities({ similarities: chain, linkage: "average" }))).toEqual([[0, 1], [2]]);
    expect(members(exactHacFromSimilarities({ similarities: chain, linkage: "complete" }))).toEqual([[0, 1], [2]]);
  });

  it("then the smaller higher index", () => {
    // (0,1) and (0,2) tie at .9: (0,1) first.
    const star = [[1, 0.9, 0.9], [0.9, 1, 0.5], [0.9, 0.5, 1]];
    expect(members(exactHacFromSimilarities({ similarities: star, linkage: "average" }))).toEqual([[0, 1], [2]]);
  });

  it("name a merged cluster by its smallest member", () => {
    // (2,3) merges first (.99); then {2,3}+0 and 1+4 tie at .9: the pair named (0, 2) beats (1, 4).
    // {0,2,3} then cannot take 1 (average (.9+.2+.2)/3), and 1+4 merges.
    const s = [
      [1, 0.1, 0.9, 0.9, 0.1],
      [0.1, 1, 0.2, 0.2, 0.9],
      [0.9, 0.2, 1, 0.99, 0.1],
      [0.9, 0.2, 0.99, 1, 0.1],
      [0.1, 0.9, 0.1, 0.1, 1],
    ];
    expect(members(exactHacFromSimilarities({ similarities: s, linkage: "average" }))).toEqual([[0, 2, 3], [1, 4]]);
  });
});

describe("exact HAC against the definition", () => {
  const vectors = generateClusteredVectors({ count: 120, dimension: 32, centres: 10, isolated: 8, seed: 7 });

  for (const linkage of ["single", "average", "complete"] as const) {
    it(`${linkage}: equals a naive from-scratch HAC on 120 generated vectors`, () => {
      const expected = referenceHac(vectors, 0.85, linkage);
      expect(expected.some((cluster) => cluster.length > 2)).toBe(true); // the input has structure
      expect(members(exactHac({ vectors, linkage }))).toEqual(expected);
    });
  }

  it("the three linkages really differ on that input", () => {
    const partitions = (["single", "average", "complete"] as const).map((linkage) => JSON.stringify(members(exactHac({ vectors, linkage }))));
    expect(new Set(partitions).size).toBe(3);
  });
});

describe("determinism", () => {
  const vectors = generateClusteredVectors({ count: 600, dimension: 32, centres: 40, isolated: 30, seed: 11 });

  for (const linkage of ["single", "average", "complete"] as const) {
    it(`${linkage}: the same input gives the same clusters, and shuffled input the same partition`, () => {
      const first = exactHac({ vectors, linkage });
      expect(exactHac({ vectors, linkage })).toEqual(first);
      const order = shuffle(vectors.map((_, i) => i), seededRandom(99));
      const shuffled = exactHac({ vectors: order.map((i) => vectors[i] as number[]), linkage });
      const mappedBack = shuffled.map((cluster) => cluster.members.map((position) => order[position] as number).sort((a, b) => a - b));
      mappedBack.sort((a, b) => (a[0] as number) - (b[0] as number));
      expect(mappedBack).toEqual(members(first));
    });
  }
});

import { describe, expect, it } from "vitest";
import { bestCell, DEFAULT_THRESHOLDS, DEFAULT_TOP_KS, evaluateGrid, matchCounts, scoresOf, type EvaluationCase } from "@/lib/retrieval/evaluation/metrics";
import type { RankableTip } from "@/lib/retrieval/rank";

const tip = (id: string, similarity: number, overrides: Partial<RankableTip> = {}): RankableTip => ({
  id,
  similarity,
  status: "approved",
  granularity: "task",
  application: null,
  category: "strategy",
  priority: "medium",
  ...overrides,
});

// Task A expects a1, a2 among a1 0.9, x 0.7, a2 0.5, y 0.35; task B expects b1 among b1 0.8, z 0.6.
const CASES: EvaluationCase[] = [
  { id: "A", expectedTipIds: ["a1", "a2"], candidates: [tip("a1", 0.9), tip("x", 0.7), tip("a2", 0.5), tip("y", 0.35)] },
  { id: "B", expectedTipIds: ["b1"], candidates: [tip("b1", 0.8), tip("z", 0.6)] },
];
const grid = (thresholds: number[], topKs: (number | null)[]) => evaluateGrid(CASES, { thresholds, topKs, granularity: "both", approvedOnly: true });
const cell = (cells: ReturnType<typeof grid>, threshold: number, topK: number | null) => cells.find((c) => c.threshold === threshold && c.topK === topK)!;

describe("matchCounts and scoresOf", () => {
  it("counts true / false positives and misses, ignoring duplicates", () => {
    expect(matchCounts(["a", "b", "b", "c"], ["a", "d"])).toEqual({ truePositives: 1, falsePositives: 2, falseNegatives: 1 });
  });

  it("computes micro precision, recall and F1 (2 of 4 selected right, 2 of 3 expected found)", () => {
    const scores = scoresOf({ truePositives: 2, falsePositives: 2, falseNegatives: 1 });
    expect(scores.precision).toBe(0.5);
    expect(scores.recall).toBeCloseTo(2 / 3, 12);
    expect(scores.f1).toBeCloseTo(4 / 7, 12); // 2 · 0.5 · 2/3 / (0.5 + 2/3)
  });

  it("defines an empty selection as precision 1, nothing expected as recall 1, and F1 0 when both parts are 0", () => {
    expect(scoresOf({ truePositives: 0, falsePositives: 0, falseNegatives: 3 })).toEqual({ precision: 1, recall: 0, f1: 0 });
    expect(scoresOf({ truePositives: 0, falsePositives: 0, falseNegatives: 0 })).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(scoresOf({ truePositives: 0, falsePositives: 2, falseNegatives: 0 })).toEqual({ precision: 0, recall: 1, f1: 0 });
    expect(scoresOf({ truePositives: 0, falsePositives: 2, falseNegatives: 1 })).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
});

describe("evaluateGrid", () => {
  it("sums counts over tasks per (τ, k) cell, hand-computed", () => {
    const cells = grid([0.3, 0.5, 0.6, 0.8, 0.95], [null, 1]);
    expect(cells).toHaveLength(10);
    // τ 0.6: A selects a1, x (TP 1, FP 1, FN 1); B selects b1, z (TP 1, FP 1).
    expect(cell(cells, 0.6, null)).toMatchObject({ truePositives: 2, falsePositives: 2, falseNegatives: 1, precision: 0.5, meanSelected: 2 });
    expect(cell(cells, 0.6, null).f1).toBeCloseTo(4 / 7, 12);
    // τ 0.5: A selects a1, x, a2; B selects b1, z → P 3/5, R 1, F1 0.75.
    expect(cell(cells, 0.5, null)).toMatchObject({ truePositives: 3, falsePositives: 2, falseNegatives: 0, precision: 0.6, recall: 1 });
    expect(cell(cells, 0.5, null).f1).toBeCloseTo(0.75, 12);
    // τ 0.8: a1 and b1 only → P 1, R 2/3, F1 0.8.
    expect(cell(cells, 0.8, null)).toMatchObject({ truePositives: 2, falsePositives: 0, falseNegatives: 1, precision: 1 });
    expect(cell(cells, 0.8, null).f1).toBeCloseTo(0.8, 12);
    // k = 1 after τ 0.3: the best of each task.
    expect(cell(cells, 0.3, 1)).toMatchObject({ truePositives: 2, falsePositives: 0, falseNegatives: 1, meanSelected: 1 });
    // τ 0.95 selects nothing: precision 1 by definition, recall 0.
    expect(cell(cells, 0.95, null)).toMatchObject({ precision: 1, recall: 0, f1: 0, meanSelected: 0 });
  });

  it("applies the retrieval rules: inclusive τ, approved-only and granularity", () => {
    const cases: EvaluationCase[] = [
      { id: "T", expectedTipIds: ["at", "proposed", "sub"], candidates: [tip("at", 0.6), tip("proposed", 0.9, { status: "proposed" }), tip("sub", 0.9, { granularity: "subtask" })] },
    ];
    const [taskOnly] = evaluateGrid(cases, { thresholds: [0.6], topKs: [null], granularity: "task", approvedOnly: true });
    expect(taskOnly).toMatchObject({ truePositives: 1, falseNegatives: 2 });
    const [withProposed] = evaluateGrid(cases, { thresholds: [0.6], topKs: [null], granularity: "both", approvedOnly: false });
    expect(withProposed).toMatchObject({ truePositives: 3, falseNegatives: 0 });
  });

  it("defaults to τ 0.30…0.90 in steps of 0.05 × k none, 1, 3, 5, 10", () => {
    expect(DEFAULT_THRESHOLDS).toEqual([0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9]);
    expect(DEFAULT_TOP_KS).toEqual([null, 1, 3, 5, 10]);
    expect(evaluateGrid(CASES, { granularity: "both", approvedOnly: true })).toHaveLength(65);
  });
});

describe("bestCell", () => {
  it("takes the highest F1, then precision, then fewer tips, then the higher τ, then the smaller k", () => {
    // F1 0.8 at (0.3, 1), (0.5, 1), (0.6, 1), (0.8, none) and (0.8, 1), all with precision 1 and one tip per task.
    const best = bestCell(grid([0.3, 0.5, 0.6, 0.8, 0.95], [null, 1]))!;
    expect([best.threshold, best.topK]).toEqual([0.8, 1]);
    expect(best.f1).toBeCloseTo(0.8, 12);
  });

  it("prefers higher precision on an F1 tie and returns null for no cells", () => {
    const base = { truePositives: 0, falsePositives: 0, falseNegatives: 0, recall: 0.5, meanSelected: 1, topK: null };
    const a = { ...base, threshold: 0.4, precision: 0.9, f1: 0.6 };
    const b = { ...base, threshold: 0.8, precision: 0.6, f1: 0.6 };
    expect(bestCell([b, a])).toBe(a);
    expect(bestCell([])).toBeNull();
  });
});

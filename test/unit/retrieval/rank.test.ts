import { describe, expect, it } from "vitest";
import { CATEGORY_WEIGHTS, mergeCandidates, PRIORITY_WEIGHTS, rankCandidates, scoreOf, type RankableTip, type RankOptions } from "@/lib/retrieval/rank";

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

const options = (overrides: Partial<RankOptions> = {}): RankOptions => ({
  threshold: 0.6,
  topK: null,
  granularity: "both",
  applications: null,
  approvedOnly: true,
  scoring: { kind: "similarity" },
  ...overrides,
});

const ids = (result: ReturnType<typeof rankCandidates>) => result.selected.map((c) => c.tip.id);
const decisions = (result: ReturnType<typeof rankCandidates>) => Object.fromEntries(result.candidates.map((c) => [c.tip.id, c.decision]));

describe("rankCandidates: threshold τ", () => {
  it("keeps a similarity exactly at τ (inclusive) and drops the next representable value below it", () => {
    const below = 0.6 - Number.EPSILON;
    const result = rankCandidates([tip("at", 0.6), tip("below", below), tip("above", 0.61)], options({ threshold: 0.6 }));
    expect(ids(result)).toEqual(["above", "at"]);
    expect(decisions(result).below).toBe("below_threshold");
  });

  it("τ = 0 keeps everything with a non-negative similarity, τ = 1 only identical descriptions", () => {
    const tips = [tip("same", 1), tip("half", 0.5), tip("zero", 0), tip("negative", -0.1)];
    expect(ids(rankCandidates(tips, options({ threshold: 0 })))).toEqual(["same", "half", "zero"]);
    expect(ids(rankCandidates(tips, options({ threshold: 1 })))).toEqual(["same"]);
  });
});

describe("rankCandidates: top k", () => {
  const tips = [tip("a", 0.9), tip("b", 0.8), tip("c", 0.7), tip("d", 0.55)];

  it("applies k after τ: k larger than what passes τ returns all of it", () => {
    expect(ids(rankCandidates(tips, options({ topK: 10 })))).toEqual(["a", "b", "c"]);
    expect(ids(rankCandidates(tips, options({ topK: 3 })))).toEqual(["a", "b", "c"]);
  });

  it("k = 1 returns the best, and marks the rest beyond top k", () => {
    const result = rankCandidates(tips, options({ topK: 1 }));
    expect(ids(result)).toEqual(["a"]);
    expect(decisions(result)).toEqual({ a: "selected", b: "beyond_top_k", c: "beyond_top_k", d: "below_threshold" });
    expect(result.selected[0]!.rank).toBe(1);
  });

  it("null k keeps every tip above τ", () => {
    expect(ids(rankCandidates(tips, options({ topK: null, threshold: 0.5 })))).toEqual(["a", "b", "c", "d"]);
  });

  it("filtered tips do not use up places in the top k", () => {
    const mixed = [tip("rejected", 0.95, { status: "rejected" }), tip("sub", 0.9, { granularity: "subtask" }), ...tips];
    expect(ids(rankCandidates(mixed, options({ topK: 2, granularity: "task" })))).toEqual(["a", "b"]);
  });
});

describe("rankCandidates: filters", () => {
  it("returns only approved tips unless the project allows proposed ones; never rejected, merged or archived", () => {
    const tips = ["approved", "proposed", "rejected", "merged", "archived"].map((status, i) => tip(status, 0.9 - i / 100, { status }));
    expect(ids(rankCandidates(tips, options()))).toEqual(["approved"]);
    expect(ids(rankCandidates(tips, options({ approvedOnly: false })))).toEqual(["approved", "proposed"]);
    expect(decisions(rankCandidates(tips, options())).proposed).toBe("status");
  });

  it("filters by granularity", () => {
    const tips = [tip("task", 0.9), tip("sub", 0.8, { granularity: "subtask" })];
    expect(ids(rankCandidates(tips, options({ granularity: "task" })))).toEqual(["task"]);
    expect(ids(rankCandidates(tips, options({ granularity: "subtask" })))).toEqual(["sub"]);
    expect(ids(rankCandidates(tips, options({ granularity: "both" })))).toEqual(["task", "sub"]);
  });

  it("an application filter keeps that application's tips and generic ones, case-insensitively", () => {
    const tips = [tip("venmo", 0.9, { application: "Venmo" }), tip("spotify", 0.85, { application: "spotify" }), tip("generic", 0.8), tip("blank", 0.75, { application: " " })];
    const result = rankCandidates(tips, options({ applications: ["venmo"] }));
    expect(ids(result)).toEqual(["venmo", "generic", "blank"]);
    expect(decisions(result).spotify).toBe("application");
    expect(ids(rankCandidates(tips, options({ applications: [] })))).toHaveLength(4);
  });
});

describe("rankCandidates: priority-weighted scoring (LLM-guided)", () => {
  it("score = similarity × priority weight × category weight", () => {
    const scoring = { kind: "priority_weighted", categoryPriorities: { recovery: "high", strategy: "low" } } as const;
    expect(scoreOf(tip("x", 0.8, { priority: "critical", category: "recovery" }), scoring)).toBeCloseTo(0.8 * PRIORITY_WEIGHTS.critical * CATEGORY_WEIGHTS.high);
    expect(scoreOf(tip("x", 0.8, { priority: "low", category: "strategy" }), scoring)).toBeCloseTo(0.8 * 0.7 * 0.8);
    // a category the LLM did not rate counts as medium
    expect(scoreOf(tip("x", 0.8, { category: "optimization" }), scoring)).toBeCloseTo(0.8 * 0.8 * 0.9);
  });

  it("lets a critical recovery tip outrank a slightly more similar low-priority one, while τ still applies to similarity", () => {
    const tips = [tip("low", 0.8, { priority: "low" }), tip("critical", 0.75, { priority: "critical", category: "recovery" }), tip("weak", 0.59, { priority: "critical" })];
    const result = rankCandidates(tips, options({ scoring: { kind: "priority_weighted", categoryPriorities: { recovery: "high" } } }));
    expect(ids(result)).toEqual(["critical", "low"]);
    expect(decisions(result).weak).toBe("below_threshold");
  });
});

describe("rankCandidates: ties", () => {
  it("breaks equal scores by priority, then by id, independent of input order", () => {
    const tips = [tip("b", 0.7), tip("a", 0.7), tip("c", 0.7, { priority: "high" })];
    expect(ids(rankCandidates(tips, options()))).toEqual(["c", "a", "b"]);
    expect(ids(rankCandidates([...tips].reverse(), options()))).toEqual(["c", "a", "b"]);
  });
});

describe("mergeCandidates", () => {
  it("keeps one candidate per tip with its best similarity", () => {
    const merged = mergeCandidates([{ id: "a", similarity: 0.5 }, { id: "b", similarity: 0.9 }], [{ id: "a", similarity: 0.7 }]);
    expect(merged.sort((x, y) => x.id.localeCompare(y.id))).toEqual([{ id: "a", similarity: 0.7 }, { id: "b", similarity: 0.9 }]);
  });
});

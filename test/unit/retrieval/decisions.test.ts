import { describe, expect, it } from "vitest";
import { decisionReason, scoreHistogram, type DecisionContext, type ExplainableCandidate } from "@/lib/retrieval/decisions";

const context: DecisionContext = { threshold: 0.6, topK: 3, granularity: "task", applications: ["venmo"], approvedOnly: true };
const candidate = (overrides: Partial<ExplainableCandidate>): ExplainableCandidate => ({
  decision: "selected",
  rank: 1,
  similarity: 0.7,
  status: "approved",
  granularity: "task",
  application: null,
  ...overrides,
});

describe("decisionReason", () => {
  it("says why each candidate made the cut or not", () => {
    expect(decisionReason(candidate({ rank: 2 }), context)).toBe("selected (#2)");
    expect(decisionReason(candidate({ decision: "below_threshold", rank: null, similarity: 0.5349 }), context)).toBe("below τ 0.60 (0.53)");
    expect(decisionReason(candidate({ decision: "beyond_top_k", rank: null }), context)).toBe("beyond top-3");
    expect(decisionReason(candidate({ decision: "status", status: "proposed" }), context)).toBe("not approved (proposed)");
    expect(decisionReason(candidate({ decision: "granularity", granularity: "subtask" }), context)).toBe("subtask-level tip; task-level tips only");
    expect(decisionReason(candidate({ decision: "application", application: "spotify" }), context)).toBe("spotify tip; filter: venmo");
  });
});

describe("scoreHistogram", () => {
  it("puts similarities in 0.05-wide bins over [0, 1], edges included where they belong", () => {
    const bins = scoreHistogram([
      { similarity: 0.6, isSelected: true },
      { similarity: 0.6499, isSelected: true },
      { similarity: 0.5999, isSelected: false },
      { similarity: 1, isSelected: true },
      { similarity: -0.2, isSelected: false },
    ]);
    expect(bins).toHaveLength(20);
    expect(bins[12]).toEqual({ from: 0.6, to: 0.65, selected: 2, rejected: 0 });
    expect(bins[11]).toEqual({ from: 0.55, to: 0.6, selected: 0, rejected: 1 });
    expect(bins[19]).toMatchObject({ from: 0.95, to: 1, selected: 1 });
    expect(bins[0]).toMatchObject({ rejected: 1 });
  });
});

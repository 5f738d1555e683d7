// Offline merges: exact / near-duplicate groups only, "not duplicates" respected, deterministic.
import { describe, expect, it } from "vitest";
import { cosineSimilarity, proposeOfflineMerges, type OfflineMergeTip } from "../../../lib/consolidation/merge/offline-merge";
import { pairKey } from "../../../lib/consolidation/proposal";
import { consolidationTip } from "./tip-fixtures";

const LOGIN = "Before logging in, call show_account_passwords() and use the password stored for the app.";
const tip = (id: string, overrides: Partial<OfflineMergeTip> = {}): OfflineMergeTip => ({ ...consolidationTip({ id }), ...overrides });
/** A unit vector at `degrees` in the plane: cos(Δ) is the similarity of two of them. */
const at = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];

describe("cosineSimilarity", () => {
  it("is the cosine, and 0 for empty, zero or mismatched vectors", () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 2])).toBeCloseTo(0);
    expect(cosineSimilarity([], [])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 0])).toBe(0);
    expect(cosineSimilarity([1, 0, 0], [1, 0])).toBe(0);
  });
});

describe("proposeOfflineMerges", () => {
  it("merges same-wording tips, keeps the approved one's wording and applies the field rules", () => {
    const tips = [
      tip("a", { content: LOGIN.toUpperCase(), priority: "high", steps: ["Call show_account_passwords()", "Log in"], application: "spotify", createdAt: new Date("2026-01-01") }),
      tip("b", { content: `${LOGIN}!`, status: "approved", priority: "low", steps: ["Log in", "Check the token"], application: "venmo", negativeExample: null }),
      tip("c", { content: "When a list call returns 20 items, page through with page_index.", category: "optimization" }),
    ];
    const [proposal, ...rest] = proposeOfflineMerges({ tips, vectors: [null, null, null] });
    expect(rest).toEqual([]);
    expect(proposal).toMatchObject({
      sourceTipIds: ["b", "a"],
      representativeId: "b",
      similarity: { min: 1, max: 1 },
      tip: {
        content: `${LOGIN}!`,
        category: "strategy",
        priority: "high",
        application: null,
        steps: ["Log in", "Check the token", "Call show_account_passwords()"],
        negativeExample: "Do not guess the password.",
      },
    });
    expect(proposal?.rationale).toBe(
      "2 strategy tips have the same wording once case and punctuation are ignored. The wording of tip b (approved) is kept; steps are the union of all sources, priority the most severe.",
    );
    expect(proposal?.diff.sourceTipIds).toEqual(["b", "a"]);
  });

  it("links near-duplicates by content cosine ≥ threshold, within one category only", () => {
    const tips = [
      tip("a", { content: "Alpha advice", createdAt: "2026-02-01" }),
      tip("b", { content: "Beta advice", createdAt: "2026-01-01" }),
      tip("c", { content: "Gamma advice", category: "recovery" }),
      tip("d", { content: "Delta advice" }),
    ];
    // a–b cos 10° ≈ 0.985; c has the same vector as a but another category; d is 40° away.
    const proposals = proposeOfflineMerges({ tips, vectors: [at(0), at(10), at(0), at(50)] });
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({ sourceTipIds: ["b", "a"], representativeId: "b" });
    expect(proposals[0]?.similarity.min).toBeCloseTo(0.985, 3);
    expect(proposals[0]?.rationale).toMatch(/^2 strategy tips are near-duplicates: content embedding cosine 0\.985 \(threshold 0\.92\)\. The wording of tip b \(earliest\)/);
    expect(proposeOfflineMerges({ tips, vectors: [at(0), at(10), at(0), at(50)], nearDuplicateThreshold: 0.99 })).toEqual([]);
  });

  it("prefers the highest priority when nothing is approved", () => {
    const tips = [tip("a", { content: "Same" }), tip("b", { content: "same.", priority: "critical" })];
    expect(proposeOfflineMerges({ tips, vectors: [] })[0]).toMatchObject({ representativeId: "b", tip: { priority: "critical" } });
    expect(proposeOfflineMerges({ tips, vectors: [] })[0]?.rationale).toContain("(highest priority, critical)");
  });

  it("never joins a 'not duplicates' pair, not even through a third tip; the chain splits at its weakest link", () => {
    const tips = [tip("a", { content: "A" }), tip("b", { content: "B" }), tip("c", { content: "C" })];
    // a–b 0.995 (6°), b–c 0.978 (12°), a–c 0.951 (18°).
    const vectors = [at(0), at(6), at(18)];
    expect(proposeOfflineMerges({ tips, vectors }).map((p) => p.sourceTipIds)).toEqual([["a", "b", "c"]]);
    const distinctPairs = new Set([pairKey("c", "a")]);
    expect(proposeOfflineMerges({ tips, vectors, distinctPairs }).map((p) => p.sourceTipIds)).toEqual([["a", "b"]]);
    const onlyAc = proposeOfflineMerges({ tips, vectors, distinctPairs: new Set([pairKey("a", "b"), pairKey("b", "c")]) });
    expect(onlyAc.map((p) => p.sourceTipIds)).toEqual([["a", "c"]]);
    expect(proposeOfflineMerges({ tips, vectors, distinctPairs: new Set([pairKey("a", "b"), pairKey("b", "c"), pairKey("a", "c")]) })).toEqual([]);
  });

  it("is deterministic and independent of how groups were discovered", () => {
    const tips = Array.from({ length: 12 }, (_, i) => tip(`t${i}`, { content: `Tip ${i}`, category: i % 2 ? "strategy" : "recovery" }));
    const vectors = tips.map((_, i) => at(Math.floor(i / 4) * 60 + (i % 4)));
    const first = proposeOfflineMerges({ tips, vectors });
    expect(proposeOfflineMerges({ tips, vectors })).toEqual(first);
    expect(first.map((p) => p.sourceTipIds)).toEqual([["t0", "t2"], ["t1", "t3"], ["t4", "t6"], ["t5", "t7"], ["t8", "t10"], ["t9", "t11"]]);
  });
});

// Conflict precedence (paper §3.2.3): outcome metadata first, then priority, then the model.
import { describe, expect, it } from "vitest";
import { CONFLICT_RULES, decideConflict, hasProvenCorrection, type PrecedenceTip } from "../../../lib/consolidation/merge/precedence";

function tip(id: string, overrides: Partial<PrecedenceTip> = {}): PrecedenceTip {
  return { id, category: "strategy", priority: "medium", content: `Tip ${id}`, sourceOutcomes: ["success"], origin: "llm", ...overrides };
}

describe("decideConflict", () => {
  it("lists the rules in the order they are tried", () => {
    expect(CONFLICT_RULES).toEqual(["success-over-failure", "proven-recovery-over-prevention", "priority", "llm-judgement"]);
  });

  it("success over failure, whichever side the winner is on, even against priority and the model", () => {
    const success = tip("s", { priority: "low", sourceOutcomes: ["success", "unknown"] });
    const failure = tip("f", { priority: "critical", sourceOutcomes: ["failure", "failure"] });
    for (const [a, b] of [[success, failure], [failure, success]] as const) {
      const decision = decideConflict(a, b, "f", "Retrying immediately is faster.");
      expect(decision).toEqual({
        winnerId: "s",
        loserId: "f",
        rule: "success-over-failure",
        reason: "Tip s comes from a successful trajectory; tip f only from failed ones. The model preferred tip f: Retrying immediately is faster.",
      });
    }
  });

  it("a mixed-outcome tip still beats a failure-only tip; unknown outcomes are no evidence either way", () => {
    expect(decideConflict(tip("m", { sourceOutcomes: ["failure", "success"] }), tip("f", { sourceOutcomes: ["failure"] }), null).rule).toBe("success-over-failure");
    const unknown = tip("u", { sourceOutcomes: ["unknown"], priority: "high" });
    expect(decideConflict(unknown, tip("f", { sourceOutcomes: ["failure"] }), null)).toMatchObject({ winnerId: "u", rule: "priority" });
  });

  it("a proven recovery beats speculative prevention when the success rule does not separate them", () => {
    // Prevention written after runs of unknown outcome: never seen working.
    const recovery = tip("r", { category: "recovery", priority: "medium", sourceOutcomes: ["success"] });
    const prevention = tip("p", { category: "strategy", priority: "critical", sourceOutcomes: ["unknown"] });
    expect(decideConflict(prevention, recovery, "p")).toEqual({
      winnerId: "r",
      loserId: "p",
      rule: "proven-recovery-over-prevention",
      reason: "Tip r is a recovery tip whose correction was seen to work; tip p is speculative prevention. The model preferred tip p.",
    });
  });

  it("an explicitly proven correction from a run that failed overall beats prevention from failed runs", () => {
    const recovery = tip("r", { category: "recovery", sourceOutcomes: ["failure"], hasProvenCorrection: true });
    const prevention = tip("p", { category: "recovery", sourceOutcomes: ["failure"], priority: "high" });
    expect(decideConflict(recovery, prevention, null)).toMatchObject({ winnerId: "r", rule: "proven-recovery-over-prevention" });
  });

  it("a strategy tip from a successful run is not speculative: priority decides", () => {
    const recovery = tip("r", { category: "recovery", priority: "medium" });
    const strategy = tip("s", { category: "strategy", priority: "high" });
    expect(decideConflict(recovery, strategy, "r")).toEqual({
      winnerId: "s",
      loserId: "r",
      rule: "priority",
      reason: "Neither outcome rule applies; tip s has priority high, tip r medium. The model preferred tip r.",
    });
  });

  it("falls back to the model's pick, quoting its reason; without a valid pick the first tip is kept", () => {
    const [a, b] = [tip("a"), tip("b")];
    expect(decideConflict(a, b, "b", "It checks the token first.")).toEqual({
      winnerId: "b",
      loserId: "a",
      rule: "llm-judgement",
      reason: "No outcome or priority rule separates the tips; the model preferred tip b: It checks the token first.",
    });
    expect(decideConflict(a, b, "zzz")).toMatchObject({ winnerId: "a", loserId: "b", rule: "llm-judgement" });
    expect(decideConflict(a, b, null).reason).toBe("No outcome or priority rule separates the tips and the model named neither; the first tip (a) was kept.");
  });
});

describe("hasProvenCorrection", () => {
  it("is derived from a recovery tip's successful source unless the caller says otherwise", () => {
    expect(hasProvenCorrection(tip("a", { category: "recovery", sourceOutcomes: ["success"] }))).toBe(true);
    expect(hasProvenCorrection(tip("a", { category: "recovery", sourceOutcomes: ["failure"] }))).toBe(false);
    expect(hasProvenCorrection(tip("a", { category: "recovery", sourceOutcomes: ["success"], hasProvenCorrection: false }))).toBe(false);
    expect(hasProvenCorrection(tip("a", { category: "strategy", hasProvenCorrection: true }))).toBe(false);
  });
});

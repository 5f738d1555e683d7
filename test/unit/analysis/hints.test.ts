// The hint block for LLM prompts: findings with step numbers, most important first, ≤ 40 lines,
// and the analysis itself round-trips through its zod schema (it is stored as JSON).
import { describe, expect, it } from "vitest";
import { analysisHints, analyzeTrajectory, trajectoryAnalysisSchema } from "@/lib/analysis";
import { buildTrajectory, tool } from "./build-trajectory";

const fail = (message: string) => ({ isError: true, errorMessage: message });

describe("analysisHints", () => {
  it("renders outcome, counts, then recoveries before other findings, with step numbers", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("checkout", { id: 1 }, undefined, fail("payment method required")),
        tool("get_payment_methods", {}, '["card_1"]'),
        tool("checkout", { id: 1, payment_method_id: "card_1" }, "ok"),
        tool("remove_item", { item_id: 1 }, "ok"),
        tool("remove_item", { item_id: 2 }, "ok"),
        tool("remove_item", { item_id: 3 }, "ok"),
      ]),
    );
    const lines = analysisHints(analysis).split("\n");
    expect(lines[1]).toMatch(/^Outcome: failure_then_recovery \(inferred, low confidence\)/);
    expect(lines[2]).toMatch(/^Counts: 6 steps, 6 tool calls/);
    const recoveries = lines.indexOf("Recoveries (error → fix):");
    expect(lines[recoveries + 1]).toBe('- steps 0 → 1,2: checkout failed "payment method required"; retry: +payment_method_id (value from step 1 output)');
    expect(lines.findIndex((l) => l.startsWith("Granular calls"))).toBeGreaterThan(recoveries);
    expect(lines).toContain("- steps 3,4,5: remove_item ×3 varying item_id");
  });

  it("stays within 40 lines for a long, messy run", () => {
    const steps = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0 ? tool(`tool_${i}`, { n: i }, undefined, fail(`error number ${i}`)) : tool("get_item", { item_id: i }, "ok", { thought: "Let me check, then plan." }),
    );
    const hints = analysisHints(analyzeTrajectory(buildTrajectory(steps)));
    expect(hints.split("\n").length).toBeLessThanOrEqual(40);
    expect(hints).toContain("… and ");
  });

  it("produces analysis JSON that validates against its schema after a JSON round trip", () => {
    const analysis = analyzeTrajectory(buildTrajectory([tool("a", {}, undefined, fail("x")), tool("a", { fixed: true }, "ok")]));
    expect(trajectoryAnalysisSchema.parse(JSON.parse(JSON.stringify(analysis)))).toEqual(analysis);
  });
});

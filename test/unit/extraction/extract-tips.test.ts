// Orchestration with the scripted fake client: which calls happen, in which order, and how
// invalid model output is corrected and reported instead of crashing.
import { describe, expect, it } from "vitest";
import { AppError } from "../../../lib/errors";
import { extractTips } from "../../../lib/extraction/extract-tips";
import { createFakeLlmClient, type FakeLlmExpectation } from "../../../lib/llm/fake-client";
import type { LlmClient } from "../../../lib/llm/types";
import { attribution, buildTrajectory, subtask, tip, toolStep } from "./fixtures";

const OUTCOME = { category: "failure_then_recovery", taskCompleted: true, confidence: 0.8, rationale: "Step 2 failed; steps 3–5 fixed it.", evidence: [{ step: 2, signal: "checkout error" }] };
const SEGMENTS = { subtasks: [subtask(0, 1, "Find the cheapest product on Amazon"), subtask(2, 5, "Pay for an order on Amazon")] };
const GENERIC = tip({ category: "recovery", content: "When an operation fails because a prerequisite is missing, set it up and retry.", application: null, taskCategory: null, provenance: [{ stepStart: 2, stepEnd: 4 }] });

const unlabelled = () => buildTrajectory();
const labelled = () => buildTrajectory({ outcome: { label: "success", source: "verifier" } });

/** The fake, plus usage and cost on every answer so totals can be checked. */
function llmWith(expectations: FakeLlmExpectation[]) {
  const fake = createFakeLlmClient(expectations);
  const llm: LlmClient = {
    generateObject: async (args) => ({ ...(await fake.generateObject(args)), usage: { inputTokens: 100, outputTokens: 10 }, costUsd: 0.001 }),
  };
  return { fake, llm };
}

describe("extractTips", () => {
  it("runs outcome → attribution → task tips ∥ segmentation → subtask tips for an unlabelled trajectory", async () => {
    const { fake, llm } = llmWith([
      { promptId: "extraction.outcome", object: OUTCOME },
      { promptId: "extraction.attribution", object: attribution() },
      { promptId: "extraction.tips", object: { tips: [tip(), GENERIC] } },
      { promptId: "extraction.segmentation", object: SEGMENTS },
      { promptId: "extraction.tips", object: { tips: [tip({ category: "strategy", content: "When several products match, sort by price ascending before choosing.", provenance: [{ stepStart: 0, stepEnd: 1 }] }), tip({ category: "strategy", content: "Check stock with show_product before adding an item to the cart.", provenance: [{ stepStart: 1, stepEnd: 1 }] })] } },
      { promptId: "extraction.tips", object: { tips: [tip({ provenance: [{ stepStart: 2, stepEnd: 5 }] }), tip({ content: "Before checkout, call get_payment_methods() and check the list is non-empty.", category: "strategy" })] } },
    ]);
    const result = await extractTips(unlabelled(), { granularity: "both", analysisHints: "Failed: step 2", projectId: "p1" }, { llm });
    fake.assertAllConsumed();

    expect(fake.calls.map((c) => [c.promptId, c.stage])).toEqual([
      ["extraction.outcome", "attribution"],
      ["extraction.attribution", "attribution"],
      ["extraction.tips", "extraction"],
      ["extraction.segmentation", "segmentation"],
      ["extraction.tips", "extraction"],
      ["extraction.tips", "extraction"],
    ]);
    expect(fake.calls.every((c) => c.projectId === "p1")).toBe(true);
    expect(fake.calls[1]?.input).toContain("Outcome category of this run: failure_then_recovery.");
    expect(fake.calls[4]?.input).toContain("Subtask: Find the cheapest product on Amazon");
    expect(fake.calls[4]?.input).not.toContain("[step 2]");
    expect(result.outcome).toMatchObject({ category: "failure_then_recovery", inferred: true, confidence: 0.8 });
    expect(result.subtasks.map((s) => [s.stepStart, s.stepEnd])).toEqual([[0, 1], [2, 5]]);
    expect(result.tips.map((t) => [t.granularity, t.subtaskIndex, t.category])).toEqual([
      ["task", null, "recovery"],
      ["task", null, "recovery"],
      ["subtask", 0, "strategy"],
      ["subtask", 0, "strategy"],
      ["subtask", 1, "recovery"],
      ["subtask", 1, "strategy"],
    ]);
    expect(result.tips[0]).toMatchObject({ source: "llm", sourceOutcome: "failure then recovery (inferred by the LLM, confidence 0.8)", indexDescription: unlabelled().task.description, llm: { promptId: "extraction.tips", promptVersion: "v1" } });
    expect(result.tips[1]).toMatchObject({ application: null, taskCategory: null });
    expect(result.tips[4]?.indexDescription).toBe("Pay for an order on Amazon");
    expect(result).toMatchObject({ calls: 6, cachedCalls: 0, usage: { inputTokens: 600, outputTokens: 60 }, costUsd: 0.006, issues: [] });
  });

  it("skips outcome classification for a labelled trajectory and does only task tips in task mode", async () => {
    const { fake, llm } = llmWith([
      { promptId: "extraction.attribution", object: attribution() },
      { promptId: "extraction.tips", object: { tips: [tip()] } },
    ]);
    const result = await extractTips(labelled(), { granularity: "task" }, { llm });
    fake.assertAllConsumed();
    expect(fake.calls.map((c) => c.promptId)).toEqual(["extraction.attribution", "extraction.tips"]);
    // Success label + an error fixed on the way = recovery (lib/analysis reads the steps).
    expect(result.outcome).toMatchObject({ category: "failure_then_recovery", inferred: false, confidence: null, rationale: null, evidence: [] });
    expect(result.subtasks).toEqual([]);
    expect(result.calls).toBe(2);
  });

  it("takes a labelled run's category from lib/analysis (label + what the steps show)", async () => {
    const script = () => [
      { promptId: "extraction.attribution", object: attribution() },
      { promptId: "extraction.tips", object: { tips: [tip({ category: "strategy" })] } },
    ];
    const clean = buildTrajectory({ outcome: { label: "success", source: "verifier" }, steps: [toolStep("search_products", { query: "mouse" }, "[]")] });
    const cleanRun = await extractTips(clean, { granularity: "task" }, llmWith(script()));
    expect(cleanRun.outcome).toMatchObject({ category: "clean_success", inferred: false, description: 'clean success (label "success" from verifier)' });
    expect(cleanRun.tips[0]).toMatchObject({ category: "strategy", sourceOutcome: 'clean success (label "success" from verifier)' });

    const failed = buildTrajectory({ outcome: { label: "failure", source: "label" } });
    expect((await extractTips(failed, { granularity: "task" }, llmWith(script()))).outcome.category).toBe("failure");
  });

  it("gives the prompts lib/analysis hints by default, none when told so", async () => {
    const withDefault = llmWith([
      { promptId: "extraction.attribution", object: attribution() },
      { promptId: "extraction.tips", object: { tips: [tip()] } },
    ]);
    await extractTips(labelled(), { granularity: "task" }, withDefault);
    expect(withDefault.fake.calls[0]?.input).toMatch(/<analysis_hints>\nDeterministic findings[\s\S]*Recoveries/);
    const without = llmWith([
      { promptId: "extraction.attribution", object: attribution() },
      { promptId: "extraction.tips", object: { tips: [tip()] } },
    ]);
    await extractTips(labelled(), { granularity: "task", analysisHints: "" }, without);
    expect(without.fake.calls[0]?.input).not.toContain("<analysis_hints>");
  });

  it("does segmentation and subtask tips only in subtask mode", async () => {
    const { fake, llm } = llmWith([
      { promptId: "extraction.attribution", object: attribution() },
      { promptId: "extraction.segmentation", object: SEGMENTS },
      { promptId: "extraction.tips", object: { tips: [tip({ provenance: [{ stepStart: 0, stepEnd: 1 }] }), GENERIC] } },
      { promptId: "extraction.tips", object: { tips: [tip(), GENERIC] } },
    ]);
    const result = await extractTips(labelled(), { granularity: "subtask" }, { llm });
    fake.assertAllConsumed();
    expect(fake.calls.map((c) => c.promptId)).toEqual(["extraction.attribution", "extraction.segmentation", "extraction.tips", "extraction.tips"]);
    expect(result.tips.every((t) => t.granularity === "subtask")).toBe(true);
    // The same generic advice from two subtasks is one tip with both provenances.
    expect(result.tips.filter((t) => t.application === null)).toHaveLength(1);
  });

  it("reports invalid step numbers and ranges as issues and corrects them", async () => {
    const { llm } = llmWith([
      { promptId: "extraction.outcome", object: { ...OUTCOME, evidence: [{ step: 2, signal: "error" }, { step: 99, signal: "made up" }] } },
      { promptId: "extraction.attribution", object: attribution({ summary: "s", recovery: { ...attribution().recovery!, whatFixedIt: { description: "retry", steps: [4, -1, 12] } } }) },
      { promptId: "extraction.tips", object: { tips: [tip({ provenance: [{ stepStart: 50, stepEnd: 60 }] }), tip({ content: "Other advice about payment methods on checkout.", provenance: [{ stepStart: 5, stepEnd: 3 }] })] } },
      { promptId: "extraction.segmentation", object: { subtasks: [subtask(3, 9, "Pay for an order on Amazon"), subtask(1, 3, "Open the product page on Amazon")] } },
      { promptId: "extraction.tips", object: { tips: [tip({ provenance: [{ stepStart: 0, stepEnd: 2 }] }), GENERIC] } },
      { promptId: "extraction.tips", object: { tips: [tip({ content: "Add a payment method when checkout reports none.", provenance: [{ stepStart: 0, stepEnd: 9 }] }), GENERIC] } },
    ]);
    const result = await extractTips(unlabelled(), { granularity: "both" }, { llm });
    expect(result.outcome.evidence.map((e) => e.step)).toEqual([2]);
    expect(result.attribution.recovery?.whatFixedIt.steps).toEqual([4]);
    expect(result.subtasks.map((s) => [s.description, s.stepStart, s.stepEnd])).toEqual([
      ["Open the product page on Amazon", 0, 3],
      ["Pay for an order on Amazon", 4, 5],
    ]);
    const task = result.tips.filter((t) => t.granularity === "task");
    expect(task.map((t) => t.provenance)).toEqual([[{ stepStart: 0, stepEnd: 5 }], [{ stepStart: 3, stepEnd: 5 }]]);
    const sub = result.tips.filter((t) => t.granularity === "subtask" && t.application !== null);
    expect(sub.map((t) => t.provenance)).toEqual([[{ stepStart: 0, stepEnd: 2 }], [{ stepStart: 4, stepEnd: 5 }]]);
    const messages = result.issues.map((i) => `${i.stage}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "outcome: Outcome evidence: step number(s) 99 outside steps 0–5 were dropped.",
        "attribution: Attribution recovery.whatFixedIt: step number(s) -1, 12 outside steps 0–5 were dropped.",
        "tips: Task tips: tip 1 provenance: range 50–60 lies outside steps 0–5 and was dropped.",
        "tips: Task tips: tip 1 provenance: no valid range left; the whole unit (steps 0–5) is used.",
        "tips: Task tips: tip 2 provenance: reversed range 5–3 was swapped.",
        "segmentation: Subtask 1: range 3–9 was clamped to 3–5 (steps 0–5).",
        "segmentation: Subtasks were not in step order and were sorted.",
        'segmentation: Subtask "Pay for an order on Amazon" overlapped the previous one; it now starts at step 4.',
        "segmentation: Steps 0–0 were not covered and were added to the first subtask.",
        "tips: Subtask 2 tips: tip 1 provenance: range 0–9 was clamped to 4–5 (steps 4–5).",
      ]),
    );
  });

  it("enforces the outcome's category on task tips, caps the count and drops duplicates", async () => {
    const same = tip({ content: "When checkout fails with a missing payment method error, add a payment method before retrying!" });
    const { llm } = llmWith([
      { promptId: "extraction.attribution", object: attribution() },
      { promptId: "extraction.tips", object: { tips: [tip({ category: "strategy", provenance: [{ stepStart: 2, stepEnd: 2 }] }), { ...same, provenance: [{ stepStart: 4, stepEnd: 5 }] }, GENERIC, tip({ content: "A", steps: ["x"] }), tip({ content: "B", steps: ["y"] })] } },
    ]);
    const result = await extractTips(labelled(), { granularity: "task" }, { llm });
    expect(result.tips.map((t) => t.category)).toEqual(["recovery", "recovery", "recovery"]);
    expect(result.tips[0]?.provenance).toEqual([{ stepStart: 2, stepEnd: 2 }, { stepStart: 4, stepEnd: 5 }]);
    expect(result.issues.map((i) => i.message)).toEqual([
      "Task tips: 5 tips returned, at most 4 expected; the rest were dropped.",
      "Task tips: tip 1 had category strategy; the outcome requires recovery.",
      expect.stringMatching(/^Dropped a duplicate task tip: "When checkout fails with a missing payment method error, .*…"\.$/),
    ]);
  });

  it("keeps the other units when one tips call fails, and throws when every unit failed", async () => {
    const boom = new AppError("LLM_ERROR", { userMessage: "LLM call failed after 3 attempts: 500" });
    const partial = llmWith([
      { promptId: "extraction.attribution", object: attribution() },
      { promptId: "extraction.segmentation", object: SEGMENTS },
      { promptId: "extraction.tips", error: boom },
      { promptId: "extraction.tips", object: { tips: [tip(), GENERIC] } },
    ]);
    const result = await extractTips(labelled(), { granularity: "subtask" }, partial);
    expect(result.tips).toHaveLength(2);
    expect(result.issues).toContainEqual({ stage: "tips", message: "Subtask 1 tips failed: LLM call failed after 3 attempts: 500" });
    expect(result.calls).toBe(3);

    const none = llmWith([
      { promptId: "extraction.attribution", object: attribution() },
      { promptId: "extraction.tips", error: boom },
      { promptId: "extraction.segmentation", error: boom },
    ]);
    await expect(extractTips(labelled(), { granularity: "both" }, none)).rejects.toBe(boom);
  });

  it("refuses a trajectory without steps before calling anything", async () => {
    const { fake, llm } = llmWith([]);
    await expect(extractTips(buildTrajectory({ steps: [] }), { granularity: "both" }, { llm })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    expect(fake.calls).toHaveLength(0);
  });
});

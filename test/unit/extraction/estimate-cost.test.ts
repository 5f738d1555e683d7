import { describe, expect, it } from "vitest";
import { equalRanges, estimateExtractionCost } from "../../../lib/extraction/estimate-cost";
import { DEFAULT_PRICES } from "../../../lib/llm/prices";
import { LLM_STAGES, type LlmStage } from "../../../lib/llm/types";
import { parseDocument } from "../../../lib/trajectory/parse";
import { sampleDocument } from "../../support/samples";
import { buildTrajectory } from "./fixtures";

const models = (model: string) => Object.fromEntries(LLM_STAGES.map((stage) => [stage, model])) as Record<LlmStage, string>;
const venmo = () => parseDocument(sampleDocument("altk-evolve/appworld_venmo_task_trajectory.openai-chat.json")).trajectories[0]!;

describe("estimateExtractionCost", () => {
  it("counts the calls each granularity makes (outcome only without a label)", () => {
    const options = { models: models("gpt-4.1-mini"), prices: DEFAULT_PRICES };
    const unlabelled = venmo(); // 17 steps → 4 assumed subtasks
    expect(estimateExtractionCost(unlabelled, { ...options, granularity: "task" }).calls).toBe(3);
    expect(estimateExtractionCost(unlabelled, { ...options, granularity: "subtask" }).calls).toBe(7);
    expect(estimateExtractionCost(unlabelled, { ...options, granularity: "both" }).calls).toBe(8);
    const labelled = { ...unlabelled, outcome: { label: "success" as const, source: "label" as const } };
    expect(estimateExtractionCost(labelled, { ...options, granularity: "task" }).calls).toBe(2);
  });

  it("prices tokens per stage model, and is null when a model has no price", () => {
    const estimate = estimateExtractionCost(venmo(), { granularity: "both", models: models("gpt-4.1-mini"), prices: DEFAULT_PRICES });
    expect(estimate.inputTokens).toBeGreaterThan(15_000);
    expect(estimate.outputTokens).toBeGreaterThan(3_000);
    expect(estimate.costUsd).toBeCloseTo((estimate.inputTokens * 0.4 + estimate.outputTokens * 1.6) / 1e6, 9);
    const mixed = { ...models("gpt-4.1-mini"), segmentation: "llama3.1:8b" };
    expect(estimateExtractionCost(venmo(), { granularity: "both", models: mixed, prices: DEFAULT_PRICES }).costUsd).toBeNull();
    expect(estimateExtractionCost(venmo(), { granularity: "task", models: mixed, prices: DEFAULT_PRICES }).costUsd).not.toBeNull();
  });

  it("changes with the chosen models' prices and names the models without one", () => {
    const base = estimateExtractionCost(venmo(), { granularity: "task", models: models("gpt-4.1-mini"), prices: DEFAULT_PRICES });
    const cheaperTips = estimateExtractionCost(venmo(), { granularity: "task", models: { ...models("gpt-4.1-mini"), extraction: "gpt-4.1-nano" }, prices: DEFAULT_PRICES });
    const dearerAttribution = estimateExtractionCost(venmo(), { granularity: "task", models: { ...models("gpt-4.1-mini"), attribution: "gpt-4.1" }, prices: DEFAULT_PRICES });
    expect(cheaperTips).toMatchObject({ calls: base.calls, inputTokens: base.inputTokens, outputTokens: base.outputTokens, unpricedModels: [] });
    expect(cheaperTips.costUsd!).toBeLessThan(base.costUsd!);
    expect(dearerAttribution.costUsd!).toBeGreaterThan(base.costUsd!);
    // Segmentation does not run at task granularity, so its model's price does not matter there.
    const unpricedSegmentation = { ...models("gpt-4.1-mini"), segmentation: "llama3.1:8b" };
    expect(estimateExtractionCost(venmo(), { granularity: "task", models: unpricedSegmentation, prices: DEFAULT_PRICES }).unpricedModels).toEqual([]);
    expect(estimateExtractionCost(venmo(), { granularity: "both", models: { ...unpricedSegmentation, extraction: "qwen2.5" }, prices: DEFAULT_PRICES })).toMatchObject({
      costUsd: null,
      unpricedModels: ["llama3.1:8b", "qwen2.5"],
    });
  });

  it("grows with the trajectory", () => {
    const options = { granularity: "task" as const, models: models("gpt-4.1"), prices: DEFAULT_PRICES };
    expect(estimateExtractionCost(venmo(), options).inputTokens).toBeGreaterThan(estimateExtractionCost(buildTrajectory(), options).inputTokens);
  });

  it("equalRanges splits steps into contiguous covering ranges", () => {
    expect(equalRanges(17, 3)).toEqual([{ stepStart: 0, stepEnd: 4 }, { stepStart: 5, stepEnd: 10 }, { stepStart: 11, stepEnd: 16 }]);
    expect(equalRanges(2, 5)).toEqual([{ stepStart: 0, stepEnd: 0 }, { stepStart: 1, stepEnd: 1 }]);
  });
});

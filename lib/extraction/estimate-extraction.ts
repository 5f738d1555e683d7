// Before starting: what an extraction of these trajectories will cost with the chosen models
// (the Settings models, with the job's overrides on top).
import { listTrajectoryIdsForExtraction } from "../db/extractions";
import { getNormalizedTrajectory } from "../db/trajectory-queries";
import { isLlmConfigured } from "../llm/openai-sdk";
import { getEffectiveLlmConfig } from "../settings/llm-settings";
import { estimateExtractionCost } from "./estimate-cost";
import type { ExtractionGranularity } from "./extract-tips";
import { extractionModelsOf, type ExtractionModels, type ExtractionModelStage } from "./model-overrides";
import type { ExtractionMode } from "./run-extraction";

export interface ExtractionEstimate {
  trajectories: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** null when a chosen model has no price; 0 for the offline extractor. */
  costUsd: number | null;
  /** The chosen models without a price (why costUsd is null). */
  unpricedModels: string[];
  /** The models an LLM extraction runs on: Settings, with `models` overrides applied. */
  models: Record<ExtractionModelStage, string>;
  llmConfigured: boolean;
}

export async function estimateExtraction({
  projectId,
  trajectoryIds,
  granularity,
  mode,
  models: overrides,
}: {
  projectId: string;
  trajectoryIds?: string[];
  granularity: ExtractionGranularity;
  mode: ExtractionMode;
  models?: ExtractionModels;
}): Promise<ExtractionEstimate> {
  const config = await getEffectiveLlmConfig({ models: overrides });
  const ids = await listTrajectoryIdsForExtraction({ projectId, trajectoryIds });
  const estimate: ExtractionEstimate = {
    trajectories: ids.length,
    calls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    unpricedModels: [],
    models: extractionModelsOf(config.models),
    llmConfigured: isLlmConfigured(config),
  };
  if (mode === "offline") return estimate;
  const unpriced = new Set<string>();
  for (const id of ids) {
    const loaded = await getNormalizedTrajectory({ id });
    if (!loaded || loaded.trajectory.steps.length === 0) continue;
    const one = estimateExtractionCost(loaded.trajectory, { granularity, models: config.models, prices: config.prices });
    estimate.calls += one.calls;
    estimate.inputTokens += one.inputTokens;
    estimate.outputTokens += one.outputTokens;
    estimate.costUsd = estimate.costUsd === null || one.costUsd === null ? null : estimate.costUsd + one.costUsd;
    one.unpricedModels.forEach((model) => unpriced.add(model));
  }
  estimate.unpricedModels = [...unpriced].sort();
  return estimate;
}

// Before starting: what an extraction of these trajectories will cost with the configured models.
import { listTrajectoryIdsForExtraction } from "../db/extractions";
import { getNormalizedTrajectory } from "../db/trajectory-queries";
import { isLlmConfigured } from "../llm/openai-sdk";
import { getEffectiveLlmConfig } from "../settings/llm-settings";
import { estimateExtractionCost } from "./estimate-cost";
import type { ExtractionGranularity } from "./extract-tips";
import type { ExtractionMode } from "./run-extraction";

export interface ExtractionEstimate {
  trajectories: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** null when a configured model has no price; 0 for the offline extractor. */
  costUsd: number | null;
  llmConfigured: boolean;
}

export async function estimateExtraction({
  projectId,
  trajectoryIds,
  granularity,
  mode,
}: {
  projectId: string;
  trajectoryIds?: string[];
  granularity: ExtractionGranularity;
  mode: ExtractionMode;
}): Promise<ExtractionEstimate> {
  const config = await getEffectiveLlmConfig();
  const ids = await listTrajectoryIdsForExtraction({ projectId, trajectoryIds });
  const estimate: ExtractionEstimate = { trajectories: ids.length, calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, llmConfigured: isLlmConfigured(config) };
  if (mode === "offline") return estimate;
  for (const id of ids) {
    const loaded = await getNormalizedTrajectory({ id });
    if (!loaded || loaded.trajectory.steps.length === 0) continue;
    const one = estimateExtractionCost(loaded.trajectory, { granularity, models: config.models, prices: config.prices });
    estimate.calls += one.calls;
    estimate.inputTokens += one.inputTokens;
    estimate.outputTokens += one.outputTokens;
    estimate.costUsd = estimate.costUsd === null || one.costUsd === null ? null : estimate.costUsd + one.costUsd;
  }
  return estimate;
}

// Pure: what an extraction will cost before it runs — the calls it will make, the tokens of the
// real rendered prompts (system + input + JSON schema) and typical output sizes, priced per stage
// model. Subtask count is unknown before segmentation, so it is assumed from the step count.
import { z } from "zod";
import { analysisHints as hintsFor, analyzeTrajectory } from "../analysis";
import { costFor } from "../llm/prices";
import type { LlmStage, PriceTable } from "../llm/types";
import type { NormalizedTrajectory } from "../trajectory/schema";
import * as attributionPrompt from "./attribution/prompt";
import { attributionSchema, type Attribution } from "./attribution/schema";
import { EXPECTED_OUTPUT_TOKENS, EXPECTED_TIPS, expectedSubtaskCount } from "./budgets";
import type { ExtractionGranularity } from "./extract-tips";
import * as outcomePrompt from "./outcome/prompt";
import { outcomeClassificationSchema } from "./outcome/schema";
import { countTokens } from "./render/tokens";
import { hasOutcomeLabel } from "./resolve-outcome";
import * as segmentationPrompt from "./segmentation/prompt";
import { segmentationSchema } from "./segmentation/schema";
import * as tipsPrompt from "./tips/prompt";
import { tipsOutputSchema } from "./tips/schema";

export interface CostEstimateOptions {
  granularity: ExtractionGranularity;
  /** As for extractTips: default computed with lib/analysis. */
  analysisHints?: string;
  /** Model per stage (LlmConfig.models). */
  models: Record<LlmStage, string>;
  prices: PriceTable;
}

export interface CostEstimate {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** null when a stage's model has no price. */
  costUsd: number | null;
  /** Models of the planned calls that have no price (sorted); empty when the cost is known. */
  unpricedModels: string[];
}

interface PlannedCall {
  stage: LlmStage;
  inputTokens: number;
  outputTokens: number;
}

/** Per-request overhead of the chat format (roles, separators). */
const MESSAGE_OVERHEAD_TOKENS = 12;
const EMPTY_ATTRIBUTION: Attribution = { summary: "", failure: null, recovery: null, inefficiency: null, success: null, improvementSteps: [] };

export function estimateExtractionCost(trajectory: NormalizedTrajectory, options: CostEstimateOptions): CostEstimate {
  const planned = planCalls(trajectory, options);
  let costUsd: number | null = 0;
  const unpriced = new Set<string>();
  for (const call of planned) {
    const model = options.models[call.stage];
    const cost = costFor(model, call, options.prices);
    if (cost === null) unpriced.add(model);
    costUsd = costUsd === null || cost === null ? null : costUsd + cost;
  }
  return {
    calls: planned.length,
    inputTokens: planned.reduce((sum, call) => sum + call.inputTokens, 0),
    outputTokens: planned.reduce((sum, call) => sum + call.outputTokens, 0),
    costUsd: costUsd === null ? null : Math.round(costUsd * 1e9) / 1e9,
    unpricedModels: [...unpriced].sort(),
  };
}

function planCalls(trajectory: NormalizedTrajectory, options: CostEstimateOptions): PlannedCall[] {
  const analysisHints = options.analysisHints ?? hintsFor(analyzeTrajectory(trajectory));
  const calls: PlannedCall[] = [];
  const prompt = (system: string, schema: z.ZodType, input: string) =>
    countTokens(system) + countTokens(input) + countTokens(JSON.stringify(z.toJSONSchema(schema))) + MESSAGE_OVERHEAD_TOKENS;
  if (!hasOutcomeLabel(trajectory)) {
    const input = outcomePrompt.buildOutcomeInput({ trajectory, analysisHints });
    calls.push({ stage: "attribution", inputTokens: prompt(outcomePrompt.SYSTEM_PROMPT, outcomeClassificationSchema, input), outputTokens: EXPECTED_OUTPUT_TOKENS.outcome });
  }
  const outcome = "failure_then_recovery";
  const attributionInput = attributionPrompt.buildAttributionInput({ trajectory, outcome, analysisHints });
  calls.push({ stage: "attribution", inputTokens: prompt(attributionPrompt.SYSTEM_PROMPT, attributionSchema, attributionInput), outputTokens: EXPECTED_OUTPUT_TOKENS.attribution });

  // Tips prompts carry the attribution: an empty one plus its expected size.
  const tipsCall = (unit: tipsPrompt.TipUnit, tipCount: number): PlannedCall => {
    const input = tipsPrompt.buildTipsInput({ trajectory, unit, outcome, attribution: EMPTY_ATTRIBUTION, analysisHints });
    const inputTokens = prompt(tipsPrompt.SYSTEM_PROMPT, tipsOutputSchema, input) + EXPECTED_OUTPUT_TOKENS.attribution;
    return { stage: "extraction", inputTokens, outputTokens: tipCount * EXPECTED_OUTPUT_TOKENS.tip };
  };
  const stepEnd = trajectory.steps.length - 1;
  if (options.granularity !== "subtask") calls.push(tipsCall({ kind: "task", range: { stepStart: 0, stepEnd } }, EXPECTED_TIPS.task));
  if (options.granularity !== "task") {
    const count = expectedSubtaskCount(trajectory.steps.length);
    const input = segmentationPrompt.buildSegmentationInput({ trajectory });
    const outputTokens = EXPECTED_OUTPUT_TOKENS.segmentationBase + count * EXPECTED_OUTPUT_TOKENS.segmentationPerSubtask;
    calls.push({ stage: "segmentation", inputTokens: prompt(segmentationPrompt.SYSTEM_PROMPT, segmentationSchema, input), outputTokens });
    for (const range of equalRanges(trajectory.steps.length, count)) {
      const unit = { kind: "subtask" as const, range, description: "Perform one phase of the task", purpose: "A phase of the task", applications: trajectory.task.applications };
      calls.push(tipsCall(unit, EXPECTED_TIPS.subtask));
    }
  }
  return calls;
}

/** `count` contiguous ranges covering 0…stepCount−1 as evenly as possible. */
export function equalRanges(stepCount: number, count: number): { stepStart: number; stepEnd: number }[] {
  const parts = Math.max(1, Math.min(count, stepCount));
  return Array.from({ length: parts }, (_, i) => ({
    stepStart: Math.floor((i * stepCount) / parts),
    stepEnd: Math.floor(((i + 1) * stepCount) / parts) - 1,
  }));
}

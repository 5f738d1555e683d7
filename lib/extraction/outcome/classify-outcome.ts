// Stage: infer the outcome category of an unlabelled trajectory. Runs on the "attribution"
// stage model: classifying the outcome is the first half of the causal analysis and needs the
// same reading of the whole run, so it shares that (typically stronger) model.
import type { NormalizedTrajectory } from "../../trajectory/schema";
import { keepValidSteps, type ExtractionIssue } from "../issues";
import { toCallInfo, type ExtractionDeps, type LlmCallInfo } from "../llm-call";
import { buildOutcomeInput, PROMPT_ID, PROMPT_VERSION, SCHEMA_NAME, SYSTEM_PROMPT } from "./prompt";
import { outcomeClassificationSchema, type OutcomeClassification } from "./schema";

export interface ClassifyOutcomeResult {
  classification: OutcomeClassification;
  issues: ExtractionIssue[];
  call: LlmCallInfo;
}

export async function classifyOutcome(
  trajectory: NormalizedTrajectory,
  options: { analysisHints?: string; projectId?: string | null },
  deps: ExtractionDeps,
): Promise<ClassifyOutcomeResult> {
  const result = await deps.llm.generateObject({
    stage: "attribution",
    promptId: PROMPT_ID,
    promptVersion: PROMPT_VERSION,
    schema: outcomeClassificationSchema,
    schemaName: SCHEMA_NAME,
    system: SYSTEM_PROMPT,
    input: buildOutcomeInput({ trajectory, analysisHints: options.analysisHints }),
    projectId: options.projectId ?? null,
  });
  const issues: ExtractionIssue[] = [];
  const bounds = { stepStart: 0, stepEnd: trajectory.steps.length - 1 };
  const validSteps = new Set(
    keepValidSteps(result.object.evidence.map((e) => e.step), bounds, "Outcome evidence", "outcome", issues),
  );
  const classification = { ...result.object, evidence: result.object.evidence.filter((e) => validSteps.has(e.step)) };
  return { classification, issues, call: toCallInfo(result, PROMPT_ID, PROMPT_VERSION) };
}

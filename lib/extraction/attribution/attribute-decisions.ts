// Stage: decision attribution for the whole trajectory (once per extraction). Step numbers the
// model cites are checked against the trajectory; invalid ones are dropped and reported.
import type { NormalizedTrajectory } from "../../trajectory/schema";
import { keepValidSteps, type ExtractionIssue } from "../issues";
import { toCallInfo, type ExtractionDeps, type LlmCallInfo } from "../llm-call";
import type { OutcomeCategory } from "../outcome/schema";
import type { StepRange } from "../render/render-trajectory";
import { buildAttributionInput, PROMPT_ID, PROMPT_VERSION, SCHEMA_NAME, SYSTEM_PROMPT } from "./prompt";
import { attributionSchema, type Attribution, type Cause } from "./schema";

export interface AttributeDecisionsResult {
  attribution: Attribution;
  issues: ExtractionIssue[];
  call: LlmCallInfo;
}

/** The section the outcome category calls for. */
const EXPECTED_SECTION: Record<OutcomeCategory, keyof Attribution> = {
  failure: "failure",
  failure_then_recovery: "recovery",
  inefficient_success: "inefficiency",
  clean_success: "success",
};

export async function attributeDecisions(
  trajectory: NormalizedTrajectory,
  options: { outcome: OutcomeCategory; analysisHints?: string; projectId?: string | null },
  deps: ExtractionDeps,
): Promise<AttributeDecisionsResult> {
  const result = await deps.llm.generateObject({
    stage: "attribution",
    promptId: PROMPT_ID,
    promptVersion: PROMPT_VERSION,
    schema: attributionSchema,
    schemaName: SCHEMA_NAME,
    system: SYSTEM_PROMPT,
    input: buildAttributionInput({ trajectory, outcome: options.outcome, analysisHints: options.analysisHints }),
    projectId: options.projectId ?? null,
  });
  const issues: ExtractionIssue[] = [];
  const attribution = validateAttribution(result.object, { stepStart: 0, stepEnd: trajectory.steps.length - 1 }, issues);
  const expected = EXPECTED_SECTION[options.outcome];
  if (attribution[expected] === null) {
    issues.push({ stage: "attribution", message: `The "${expected}" section expected for outcome ${options.outcome} is missing.` });
  }
  return { attribution, issues, call: toCallInfo(result, PROMPT_ID, PROMPT_VERSION) };
}

/** Pure: drops cited steps outside `bounds` from every cause, with one issue per cause. */
export function validateAttribution(attribution: Attribution, bounds: StepRange, issues: ExtractionIssue[]): Attribution {
  const fix = (cause: Cause, where: string): Cause => ({
    ...cause,
    steps: keepValidSteps(cause.steps, bounds, `Attribution ${where}`, "attribution", issues),
  });
  const { failure, recovery, inefficiency, success } = attribution;
  return {
    ...attribution,
    failure: failure && {
      ...failure,
      immediateCause: fix(failure.immediateCause, "failure.immediateCause"),
      proximateCause: fix(failure.proximateCause, "failure.proximateCause"),
      rootCause: fix(failure.rootCause, "failure.rootCause"),
      contributingFactors: failure.contributingFactors.map((c, i) => fix(c, `failure.contributingFactors[${i}]`)),
    },
    recovery: recovery && {
      ...recovery,
      whatWentWrong: fix(recovery.whatWentWrong, "recovery.whatWentWrong"),
      howRecognised: fix(recovery.howRecognised, "recovery.howRecognised"),
      whatFixedIt: fix(recovery.whatFixedIt, "recovery.whatFixedIt"),
    },
    inefficiency: inefficiency && { ...inefficiency, whatWasSuboptimal: fix(inefficiency.whatWasSuboptimal, "inefficiency.whatWasSuboptimal") },
    success: success && { ...success, strategies: success.strategies.map((c, i) => fix(c, `success.strategies[${i}]`)) },
  };
}

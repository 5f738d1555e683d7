// Stage: tips for one unit (the whole task, or one subtask). The model writes the tips; this
// checks them against the unit (count, category rule, provenance range) and adds what the model
// must not decide: granularity, source, source outcome and the description the tip is indexed by.
import type { NormalizedTrajectory } from "../../trajectory/schema";
import type { Attribution } from "../attribution/schema";
import type { ExtractedTip } from "../extracted-tip";
import type { ExtractionIssue } from "../issues";
import { tipProposalSchema } from "../offline/schema";
import { toCallInfo, type ExtractionDeps, type LlmCallInfo } from "../llm-call";
import type { OutcomeCategory } from "../outcome/schema";
import {
  buildTipsInput,
  expectedTipCategory,
  PROMPT_ID,
  PROMPT_VERSION,
  SCHEMA_NAME,
  SYSTEM_PROMPT,
  tipCountFor,
  type TipUnit,
} from "./prompt";
import { tipsOutputSchema, type LlmTip } from "./schema";
import { validateTips } from "./validate-tips";

export interface GenerateTipsArgs {
  trajectory: NormalizedTrajectory;
  unit: TipUnit;
  /** Position of the subtask in the segmentation (subtask units only). */
  subtaskIndex?: number;
  outcome: OutcomeCategory;
  /** The outcome and how it was known, copied to every tip. */
  sourceOutcome: string;
  attribution: Attribution;
  analysisHints?: string;
  projectId?: string | null;
}

export interface GenerateTipsResult {
  tips: ExtractedTip[];
  issues: ExtractionIssue[];
  call: LlmCallInfo;
}

export async function generateTips(args: GenerateTipsArgs, deps: ExtractionDeps): Promise<GenerateTipsResult> {
  const { trajectory, unit, outcome, attribution, analysisHints } = args;
  const result = await deps.llm.generateObject({
    stage: "extraction",
    promptId: PROMPT_ID,
    promptVersion: PROMPT_VERSION,
    schema: tipsOutputSchema,
    schemaName: SCHEMA_NAME,
    system: SYSTEM_PROMPT,
    input: buildTipsInput({ trajectory, unit, outcome, attribution, analysisHints }),
    projectId: args.projectId ?? null,
  });
  const call = toCallInfo(result, PROMPT_ID, PROMPT_VERSION);
  const issues: ExtractionIssue[] = [];
  const where = unit.kind === "task" ? "Task tips" : `Subtask ${(args.subtaskIndex ?? 0) + 1} tips`;
  const tips = validateTips(
    result.object.tips,
    { range: unit.range, ...tipCountFor(unit), expectedCategory: expectedTipCategory(unit, outcome), where },
    issues,
  );
  return { tips: checkProposals(tips.map((tip) => toExtractedTip(tip, args, call)), where, issues), issues, call };
}

/** Last gate: every tip must be a valid proposal (non-empty purpose, trigger…); others are dropped. */
function checkProposals(tips: ExtractedTip[], where: string, issues: ExtractionIssue[]): ExtractedTip[] {
  return tips.filter((tip, i) => {
    const parsed = tipProposalSchema.safeParse(tip);
    if (parsed.success) return true;
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))].join(", ");
    issues.push({ stage: "tips", message: `${where}: tip ${i + 1} was dropped: invalid ${fields}.` });
    return false;
  });
}

function toExtractedTip(tip: LlmTip, args: GenerateTipsArgs, call: LlmCallInfo): ExtractedTip {
  const { unit } = args;
  return {
    ...tip,
    negativeExample: tip.negativeExample?.trim() || null,
    application: tip.application?.trim().toLowerCase() || null,
    taskCategory: tip.taskCategory?.trim() || null,
    granularity: unit.kind,
    sourceOutcome: args.sourceOutcome,
    source: "llm",
    indexDescription: unit.kind === "task" ? args.trajectory.task.description : unit.description,
    subtaskIndex: unit.kind === "task" ? null : (args.subtaskIndex ?? null),
    llm: { callId: call.callId, model: call.model, promptId: call.promptId, promptVersion: call.promptVersion },
  };
}

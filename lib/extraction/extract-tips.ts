// Use-case: trajectory → LLM tips. Call order: outcome (only without a label) → attribution →
// task tips ∥ segmentation → one tips call per subtask (in parallel). Everything the model returns
// is validated; bad step numbers become issues. A failed tips unit is an issue too, unless every
// unit failed — then the first error is thrown so the job can retry (cached calls cost nothing).
import { analysisHints, analyzeTrajectory } from "../analysis";
import { AppError, toUserMessage } from "../errors";
import type { NormalizedTrajectory } from "../trajectory/schema";
import { attributeDecisions } from "./attribution/attribute-decisions";
import type { Attribution } from "./attribution/schema";
import { dedupeTips } from "./dedupe-tips";
import type { ExtractedTip } from "./extracted-tip";
import type { ExtractionIssue, ExtractionStage } from "./issues";
import { sumCalls, type CallTotals, type ExtractionDeps, type LlmCallInfo } from "./llm-call";
import { resolveOutcome, type ResolvedOutcome } from "./resolve-outcome";
import type { Subtask } from "./segmentation/schema";
import { segmentTrajectory } from "./segmentation/segment-trajectory";
import { generateTips, type GenerateTipsArgs, type GenerateTipsResult } from "./tips/generate-tips";

export type ExtractionGranularity = "task" | "subtask" | "both";

export interface ExtractTipsOptions {
  granularity: ExtractionGranularity;
  /** Deterministic findings for the prompts; default `analysisHints(analyzeTrajectory(t))`, "" for none. */
  analysisHints?: string;
  projectId?: string | null;
}

export interface ExtractTipsResult extends CallTotals {
  outcome: ResolvedOutcome;
  attribution: Attribution;
  /** Task tips first, then subtask tips in subtask order; near-duplicates removed. */
  tips: ExtractedTip[];
  subtasks: Subtask[];
  issues: ExtractionIssue[];
  /** Every LLM call: outcome, attribution, segmentation, then the tips calls in unit order. */
  callLog: LlmCallInfo[];
}

interface Run {
  calls: LlmCallInfo[];
  issues: ExtractionIssue[];
}

export async function extractTips(
  input: NormalizedTrajectory,
  options: ExtractTipsOptions,
  deps: ExtractionDeps,
): Promise<ExtractTipsResult> {
  // Step numbers in prompts, validation and provenance are positions (parseDocument already does this).
  const trajectory = { ...input, steps: input.steps.map((step, index) => (step.index === index ? step : { ...step, index })) };
  if (trajectory.steps.length === 0) {
    throw new AppError("INVALID_INPUT", { userMessage: "This trajectory has no steps, so there is nothing to learn from." });
  }
  const run: Run = { calls: [], issues: [] };
  const analysis = analyzeTrajectory(trajectory);
  const context = { analysisHints: options.analysisHints ?? analysisHints(analysis), projectId: options.projectId ?? null };
  const outcome = await resolveOutcome(trajectory, analysis, context, deps, run);
  const attributed = await attributeDecisions(trajectory, { ...context, outcome: outcome.category }, deps);
  record(run, attributed);

  const base = { trajectory, outcome: outcome.category, sourceOutcome: outcome.description, attribution: attributed.attribution, ...context };
  const range = { stepStart: 0, stepEnd: trajectory.steps.length - 1 };
  const [taskUnit, subtaskPart] = await Promise.all([
    options.granularity === "subtask" ? null : runUnit("Task tips", generateTips({ ...base, unit: { kind: "task", range } }, deps)),
    options.granularity === "task" ? null : extractSubtaskTips(base, deps, run),
  ]);
  const units = [...(taskUnit ? [taskUnit] : []), ...(subtaskPart?.units ?? [])];
  const failed = units.filter((unit) => !unit.ok);
  if (failed.length > 0 && failed.length === units.length) throw failed[0]?.error;

  const tips: ExtractedTip[] = [];
  for (const unit of units) {
    if (unit.ok) {
      record(run, unit.value);
      tips.push(...unit.value.tips);
    } else {
      run.issues.push({ stage: unit.stage, message: `${unit.label} failed: ${toUserMessage(unit.error)}` });
    }
  }
  return {
    outcome,
    attribution: attributed.attribution,
    tips: dedupeTips(tips, run.issues),
    subtasks: subtaskPart?.subtasks ?? [],
    issues: run.issues,
    callLog: run.calls,
    ...sumCalls(run.calls),
  };
}

/** One tips unit (or the segmentation that precedes the subtask units), settled. */
type UnitResult = { label: string; stage: ExtractionStage } & (
  | { ok: true; value: GenerateTipsResult }
  | { ok: false; error: unknown }
);

function runUnit(label: string, promise: Promise<GenerateTipsResult>): Promise<UnitResult> {
  return promise.then(
    (value) => ({ label, stage: "tips", ok: true, value }),
    (error: unknown) => ({ label, stage: "tips", ok: false, error }),
  );
}

function record(run: Run, result: { call: LlmCallInfo; issues: ExtractionIssue[] }): void {
  run.calls.push(result.call);
  run.issues.push(...result.issues);
}

/** Segmentation, then one tips call per subtask. A failed segmentation counts as one failed unit. */
async function extractSubtaskTips(
  base: Omit<GenerateTipsArgs, "unit">,
  deps: ExtractionDeps,
  run: Run,
): Promise<{ subtasks: Subtask[]; units: UnitResult[] }> {
  let segmented;
  try {
    segmented = await segmentTrajectory(base.trajectory, { projectId: base.projectId }, deps);
  } catch (error) {
    return { subtasks: [], units: [{ label: "Segmentation", stage: "segmentation", ok: false, error }] };
  }
  record(run, segmented);
  const { subtasks } = segmented;
  const units = await Promise.all(
    subtasks.map((subtask, subtaskIndex) => {
      const { description, purpose, applications, stepStart, stepEnd } = subtask;
      const unit = { kind: "subtask" as const, range: { stepStart, stepEnd }, description, purpose, applications };
      return runUnit(`Subtask ${subtaskIndex + 1} tips`, generateTips({ ...base, subtaskIndex, unit }, deps));
    }),
  );
  return { subtasks, units };
}

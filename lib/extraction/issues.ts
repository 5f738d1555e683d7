// What the LLM stages report instead of crashing: invalid step numbers, clamped ranges, dropped
// items, failed units. Stored with the extraction so a reviewer sees what was corrected.
import type { StepRange } from "./render/render-trajectory";

export type ExtractionStage = "outcome" | "attribution" | "tips" | "segmentation";

export interface ExtractionIssue {
  stage: ExtractionStage;
  message: string;
}

/** Keeps step numbers inside `range`; each invalid one becomes an issue naming `where`. */
export function keepValidSteps(
  steps: number[],
  range: StepRange,
  where: string,
  stage: ExtractionStage,
  issues: ExtractionIssue[],
): number[] {
  const valid = steps.filter((step) => step >= range.stepStart && step <= range.stepEnd);
  const invalid = steps.filter((step) => !valid.includes(step));
  if (invalid.length > 0) {
    issues.push({ stage, message: `${where}: step number(s) ${invalid.join(", ")} outside ${describeRange(range)} were dropped.` });
  }
  return [...new Set(valid)].sort((a, b) => a - b);
}

/**
 * Clamps `candidate` into `bounds`. A reversed range is swapped; a range entirely outside is null.
 * Every correction is reported.
 */
export function clampRange(
  candidate: StepRange,
  bounds: StepRange,
  where: string,
  stage: ExtractionStage,
  issues: ExtractionIssue[],
): StepRange | null {
  let { stepStart, stepEnd } = candidate;
  if (stepStart > stepEnd) {
    issues.push({ stage, message: `${where}: reversed range ${stepStart}–${stepEnd} was swapped.` });
    [stepStart, stepEnd] = [stepEnd, stepStart];
  }
  if (stepEnd < bounds.stepStart || stepStart > bounds.stepEnd) {
    issues.push({ stage, message: `${where}: range ${stepStart}–${stepEnd} lies outside ${describeRange(bounds)} and was dropped.` });
    return null;
  }
  const clamped = { stepStart: Math.max(stepStart, bounds.stepStart), stepEnd: Math.min(stepEnd, bounds.stepEnd) };
  if (clamped.stepStart !== stepStart || clamped.stepEnd !== stepEnd) {
    issues.push({
      stage,
      message: `${where}: range ${stepStart}–${stepEnd} was clamped to ${clamped.stepStart}–${clamped.stepEnd} (${describeRange(bounds)}).`,
    });
  }
  return clamped;
}

export function describeRange(range: StepRange): string {
  return `steps ${range.stepStart}–${range.stepEnd}`;
}

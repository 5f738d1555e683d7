// A trajectory (or one step range of it) as fenced prompt text within a token budget. Order of
// sacrifices: shorten observations / thoughts (cut in the middle) → drop successful steps from
// the middle of the range outwards → only then shorten error text → drop error steps. Steps keep
// their trajectory index, so "[step 4]" in the prompt is step 4 in the UI and in provenance.
import type { NormalizedTrajectory } from "../../trajectory/schema";
import { fence, neutralizeFenceTags } from "./fence";
import { renderStep, type RenderedStep, type StepCaps } from "./render-step";
import { countTokens, truncateMiddle } from "./tokens";

/** Inclusive step-index range. */
export interface StepRange {
  stepStart: number;
  stepEnd: number;
}

export interface RenderTrajectoryOptions {
  /** Upper bound for the whole fenced text, in tokens. */
  maxTokens: number;
  /** Render only these steps (a subtask); default all. */
  range?: StepRange;
  /** Cap per successful observation before anything is dropped. Default 400. */
  observationTokens?: number;
}

export interface RenderedTrajectory {
  text: string;
  tokens: number;
  shownSteps: number[];
  omittedSteps: number[];
  /** Shown steps with a field cut in the middle. */
  truncatedSteps: number[];
}

const DEFAULT_OBSERVATION_TOKENS = 400;
/** Successive shrink factors for observation caps (thoughts / code get twice the cap). */
const SHRINK = [1, 0.4, 0.15, 0.05];
const LAST_RESORT_ERROR_TOKENS = 120;
const MARKER_TOKENS = 24;

export function renderTrajectory(trajectory: NormalizedTrajectory, options: RenderTrajectoryOptions): RenderedTrajectory {
  const { maxTokens } = options;
  const steps = trajectory.steps.filter((s) => !options.range || (s.index >= options.range.stepStart && s.index <= options.range.stepEnd));
  const isLastIncluded = !options.range || options.range.stepEnd >= trajectory.steps.length - 1;
  const header = renderHeader(trajectory, options.range, Math.floor(maxTokens / 4));
  const footer = isLastIncluded && trajectory.finalAnswer?.trim() ? capped(`Final answer: ${trajectory.finalAnswer.trim()}`, 200) : "";
  const fixed = countTokens(fence("trajectory", `${header}\n\n${footer}`)) + 4;
  const baseCap = options.observationTokens ?? DEFAULT_OBSERVATION_TOKENS;

  let blocks: RenderedStep[] = [];
  for (const factor of SHRINK) {
    const cap = Math.max(12, Math.round(baseCap * factor));
    blocks = steps.map((step) => renderStep(step, { observationTokens: cap, textTokens: cap * 2, errorTokens: null }));
    if (fixed + blockTokens(blocks, blocks) <= maxTokens) return assemble(header, blocks, blocks, footer);
  }
  const middleOut = (candidates: RenderedStep[]) => orderMiddleOut(candidates, blocks);
  let kept = dropUntilFits(blocks, blocks, middleOut(blocks.filter((b) => !b.isError)), maxTokens - fixed);
  if (fixed + blockTokens(kept, blocks) > maxTokens) {
    const lastCaps: StepCaps = { observationTokens: 12, textTokens: 24, errorTokens: LAST_RESORT_ERROR_TOKENS };
    const keptIndexes = new Set(kept.map((b) => b.index));
    kept = steps.filter((s) => keptIndexes.has(s.index)).map((s) => renderStep(s, lastCaps));
    kept = dropUntilFits(kept, blocks, middleOut(kept), maxTokens - fixed);
  }
  return fitExactly(header, kept, blocks, footer, maxTokens);
}

/** The estimate sums blocks; the real count can differ slightly at joins, so trim until it is true. */
function fitExactly(header: string, kept: RenderedStep[], all: RenderedStep[], footer: string, maxTokens: number): RenderedTrajectory {
  let result = assemble(header, kept, all, footer);
  let current = kept;
  while (result.tokens > maxTokens && current.length > 0) {
    const successful = current.filter((b) => !b.isError);
    const victim = orderMiddleOut(successful.length > 0 ? successful : current, all)[0];
    current = current.filter((b) => b !== victim);
    result = assemble(header, current, all, footer);
  }
  return result;
}

function dropUntilFits(kept: RenderedStep[], all: RenderedStep[], order: RenderedStep[], budget: number): RenderedStep[] {
  let current = kept;
  for (const victim of order) {
    if (blockTokens(current, all) <= budget) break;
    current = current.filter((b) => b !== victim);
  }
  return current;
}

/** Candidates sorted by distance from the middle of the whole range (closest first). */
function orderMiddleOut(candidates: RenderedStep[], all: RenderedStep[]): RenderedStep[] {
  const first = all[0]?.index ?? 0;
  const last = all.at(-1)?.index ?? 0;
  const middle = (first + last) / 2;
  return [...candidates].sort((a, b) => Math.abs(a.index - middle) - Math.abs(b.index - middle) || a.index - b.index);
}

/** Estimated tokens of the step section: kept blocks, joins, and one marker per gap. */
function blockTokens(kept: RenderedStep[], all: RenderedStep[]): number {
  const gaps = omittedRuns(kept, all).length;
  return kept.reduce((sum, b) => sum + b.tokens + 2, 0) + gaps * MARKER_TOKENS;
}

function omittedRuns(kept: RenderedStep[], all: RenderedStep[]): number[][] {
  const keptIndexes = new Set(kept.map((b) => b.index));
  const runs: number[][] = [];
  let run: number[] = [];
  for (const block of all) {
    if (keptIndexes.has(block.index)) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push(block.index);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

function assemble(header: string, kept: RenderedStep[], all: RenderedStep[], footer: string): RenderedTrajectory {
  const keptIndexes = new Set(kept.map((b) => b.index));
  const byIndex = new Map(kept.map((b) => [b.index, b]));
  const runs = omittedRuns(kept, all);
  const parts: string[] = [header];
  for (const block of all) {
    const shown = byIndex.get(block.index);
    if (shown) parts.push(shown.text);
    const run = runs.find((r) => r[0] === block.index);
    if (run) parts.push(omissionMarker(run));
  }
  if (footer) parts.push(footer);
  const text = fence("trajectory", parts.join("\n\n"));
  return {
    text,
    tokens: countTokens(text),
    shownSteps: kept.map((b) => b.index),
    omittedSteps: all.filter((b) => !keptIndexes.has(b.index)).map((b) => b.index),
    truncatedSteps: kept.filter((b) => b.truncated).map((b) => b.index),
  };
}

function omissionMarker(run: number[]): string {
  const first = run[0];
  const last = run.at(-1);
  const label = run.length === 1 ? `step ${first}` : `steps ${first}–${last}`;
  return `[${label} omitted to fit the prompt budget (${run.length} step${run.length === 1 ? "" : "s"})]`;
}

function renderHeader(trajectory: NormalizedTrajectory, range: StepRange | undefined, maxTaskTokens: number): string {
  const { task, outcome, steps } = trajectory;
  const lines = [`Task: ${capped(task.description, maxTaskTokens)}`];
  if (task.applications.length > 0) lines.push(`Applications: ${capped(task.applications.join(", "), 60)}`);
  const score = outcome.score === undefined ? "" : `, score ${outcome.score}`;
  lines.push(
    outcome.label === "unknown" && outcome.source === "none"
      ? "Recorded outcome: none (not labelled)"
      : `Recorded outcome: ${outcome.label} (source: ${outcome.source}${score})`,
  );
  if (outcome.details && Object.keys(outcome.details).length > 0) {
    lines.push(`Evaluation details: ${capped(JSON.stringify(outcome.details), 300)}`);
  }
  const total = steps.length;
  lines.push(
    range
      ? `Showing steps ${range.stepStart}–${range.stepEnd} of a ${total}-step trajectory (steps are numbered 0–${total - 1}).`
      : `Steps: ${total} (numbered 0–${Math.max(0, total - 1)}).`,
  );
  return lines.join("\n");
}

function capped(text: string, maxTokens: number): string {
  return truncateMiddle(neutralizeFenceTags(text), maxTokens).text;
}

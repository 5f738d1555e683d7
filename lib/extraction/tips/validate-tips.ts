// Pure checks on one call's tips: count, category rule, provenance inside the unit, empty fields,
// task-specific values. Corrections are reported as issues; nothing here throws.
import { clampRange, type ExtractionIssue } from "../issues";
import type { StepRange } from "../render/render-trajectory";
import type { LlmTip, TipCategory } from "./schema";

export interface TipRules {
  /** The unit's inclusive step range; provenance must lie inside it. */
  range: StepRange;
  min: number;
  max: number;
  /** Enforced category (task-level, non-failure outcomes); null = the model's choice stands. */
  expectedCategory: TipCategory | null;
  /** "Task tips" / "Subtask 2 tips", for messages. */
  where: string;
}

// Values that should never survive into a reusable tip; reported for the reviewer, not removed.
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;
const LONG_NUMBER = /\d{6,}/;

export function validateTips(tips: LlmTip[], rules: TipRules, issues: ExtractionIssue[]): LlmTip[] {
  const report = (message: string) => issues.push({ stage: "tips", message: `${rules.where}: ${message}` });
  let kept = tips.filter((tip, i) => {
    const isEmpty = tip.content.trim() === "" || tip.steps.every((step) => step.trim() === "");
    if (isEmpty) report(`tip ${i + 1} has no content or no steps and was dropped.`);
    return !isEmpty;
  });
  if (kept.length > rules.max) {
    report(`${kept.length} tips returned, at most ${rules.max} expected; the rest were dropped.`);
    kept = kept.slice(0, rules.max);
  }
  if (kept.length < rules.min) report(`${kept.length} tip(s) returned, at least ${rules.min} expected.`);
  return kept.map((tip, i) => {
    const label = `tip ${i + 1}`;
    const category = rules.expectedCategory ?? tip.category;
    if (category !== tip.category) report(`${label} had category ${tip.category}; the outcome requires ${category}.`);
    const text = [tip.content, tip.trigger, ...tip.steps, tip.negativeExample ?? ""].join("\n");
    if (EMAIL.test(text) || LONG_NUMBER.test(text)) report(`${label} mentions an email address or a long number (a task-specific value?).`);
    return { ...tip, category, steps: tip.steps.filter((s) => s.trim() !== ""), provenance: checkProvenance(tip, rules, label, issues) };
  });
}

function checkProvenance(tip: LlmTip, rules: TipRules, label: string, issues: ExtractionIssue[]): StepRange[] {
  const where = `${rules.where}: ${label} provenance`;
  const ranges = tip.provenance
    .map((range) => clampRange(range, rules.range, where, "tips", issues))
    .filter((range): range is StepRange => range !== null);
  if (ranges.length > 0) return mergeRanges(ranges);
  issues.push({ stage: "tips", message: `${where}: no valid range left; the whole unit (steps ${rules.range.stepStart}–${rules.range.stepEnd}) is used.` });
  return [{ ...rules.range }];
}

/** Sorted, with overlapping or touching ranges merged. */
export function mergeRanges(ranges: StepRange[]): StepRange[] {
  const sorted = [...ranges].sort((a, b) => a.stepStart - b.stepStart || a.stepEnd - b.stepEnd);
  const merged: StepRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.stepStart <= last.stepEnd + 1) last.stepEnd = Math.max(last.stepEnd, range.stepEnd);
    else merged.push({ ...range });
  }
  return merged;
}

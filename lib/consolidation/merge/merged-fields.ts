// Documented rules for the fields of a merged tip, and the before/after diff a reviewer inspects.
// The rules decide what must be predictable (priority, category, application, provenance); the
// wording (content, purpose, trigger, steps) comes from a representative tip or the model.
import { normalizeTipText } from "../../review/quality-flags";
import { MAX_MERGED_STEPS, type ConsolidationTipInput, type MergedTip, type SourceOutcome, type TipCategory, type TipPriority } from "./types";
import { wordDiff, type WordDiffPart } from "./word-diff";

/** Higher = more severe. */
export const PRIORITY_SEVERITY: Readonly<Record<TipPriority, number>> = { critical: 3, high: 2, medium: 1, low: 0 };

/**
 * Category tie-break, strongest first. A recovery tip encodes a failure that happened and the fix
 * that worked; a strategy tip prevents failures; an optimization only saves steps. When sources
 * split evenly, the merged tip keeps the label that says the most about avoiding failure, so it is
 * not retrieved and rendered as a mere optimization while it protects against an error.
 */
export const CATEGORY_TIE_ORDER: readonly TipCategory[] = ["recovery", "strategy", "optimization"];

/** Rule: the most severe source priority (critical > high > medium > low) — merging never downgrades a warning. */
export function mostSeverePriority(priorities: readonly TipPriority[]): TipPriority {
  return priorities.reduce<TipPriority>((best, p) => (PRIORITY_SEVERITY[p] > PRIORITY_SEVERITY[best] ? p : best), "low");
}

/** Rule: the majority category among the sources; ties broken by CATEGORY_TIE_ORDER. */
export function majorityCategory(categories: readonly TipCategory[]): TipCategory {
  const counts = new Map<TipCategory, number>();
  for (const c of categories) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best: TipCategory = CATEGORY_TIE_ORDER[0]!;
  for (const c of CATEGORY_TIE_ORDER) if ((counts.get(c) ?? 0) > (counts.get(best) ?? 0)) best = c;
  return best;
}

/**
 * Rule for application (and task category): the shared value when every source has the same one
 * (case-insensitive), else null — a tip merged across applications is generic.
 */
export function commonValue(values: readonly (string | null)[]): string | null {
  const distinct = new Set(values.map((v) => v?.trim().toLowerCase() || null));
  return distinct.size === 1 && !distinct.has(null) ? (values[0]?.trim() ?? null) : null;
}

/** Rule: ordered union of the sources' steps — first occurrence wins, duplicates by normalized text dropped. */
export function unionSteps(stepLists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const steps: string[] = [];
  for (const step of stepLists.flat()) {
    const key = normalizeTipText(step);
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    steps.push(step.trim());
  }
  return steps.slice(0, MAX_MERGED_STEPS);
}

/** One source of a tip (TipSource): a trajectory and a step range. */
export interface ProvenanceEntry {
  trajectoryId: string;
  stepStart: number | null;
  stepEnd: number | null;
  outcomeLabel?: SourceOutcome;
}

/** Rule: the merged tip's provenance is every source's provenance, identical trajectory + range once. */
export function unionProvenance(lists: readonly (readonly ProvenanceEntry[])[]): ProvenanceEntry[] {
  const seen = new Set<string>();
  return lists.flat().filter((entry) => {
    const key = `${entry.trajectoryId}|${entry.stepStart ?? ""}|${entry.stepEnd ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The tip fields a merge reads from each source. */
export type MergeSource = Pick<
  ConsolidationTipInput,
  "id" | "category" | "priority" | "content" | "purpose" | "steps" | "trigger" | "negativeExample" | "application" | "taskCategory"
>;

/** The rule-decided fields of a merged tip (steps: the union, used when no better ordering is given). */
export function ruleFields(sources: readonly MergeSource[]): Pick<MergedTip, "priority" | "category" | "application" | "taskCategory" | "steps"> {
  return {
    priority: mostSeverePriority(sources.map((s) => s.priority)),
    category: majorityCategory(sources.map((s) => s.category)),
    application: commonValue(sources.map((s) => s.application)),
    taskCategory: commonValue(sources.map((s) => s.taskCategory)),
    steps: unionSteps(sources.map((s) => s.steps)),
  };
}

export interface FieldDiff<T> {
  before: { tipId: string; value: T }[];
  after: T;
  /** false when every source already had exactly the merged value. */
  changed: boolean;
}

export interface ContentDiff extends FieldDiff<string> {
  /** Word diff from each source's content to the merged content. */
  words: { tipId: string; parts: WordDiffPart[] }[];
}

export interface StepsDiff extends FieldDiff<string[]> {
  /** The merged steps in order: "kept" = some source has it (same normalized text), "added" = new. */
  items: { text: string; status: "kept" | "added"; tipIds: string[] }[];
  /** Source steps the merged tip no longer has, with the tips that had them. */
  dropped: { text: string; tipIds: string[] }[];
}

/** JSON-able before/after of a merge, per field (MergeProposal.diff). */
export interface TipDiff {
  sourceTipIds: string[];
  content: ContentDiff;
  purpose: FieldDiff<string>;
  trigger: FieldDiff<string>;
  steps: StepsDiff;
  priority: FieldDiff<TipPriority>;
  category: FieldDiff<TipCategory>;
  application: FieldDiff<string | null>;
  taskCategory: FieldDiff<string | null>;
  negativeExample: FieldDiff<string | null>;
}

export function diffTips(sources: readonly MergeSource[], merged: MergedTip): TipDiff {
  const field = <K extends keyof MergedTip & keyof MergeSource>(key: K): FieldDiff<MergedTip[K]> => {
    const before = sources.map((s) => ({ tipId: s.id, value: s[key] as MergedTip[K] }));
    const after = merged[key];
    return { before, after, changed: before.some((b) => JSON.stringify(b.value) !== JSON.stringify(after)) };
  };
  return {
    sourceTipIds: sources.map((s) => s.id),
    content: { ...field("content"), words: sources.map((s) => ({ tipId: s.id, parts: wordDiff(s.content, merged.content) })) },
    purpose: field("purpose"),
    trigger: field("trigger"),
    steps: { ...field("steps"), ...stepChanges(sources, merged.steps) },
    priority: field("priority"),
    category: field("category"),
    application: field("application"),
    taskCategory: field("taskCategory"),
    negativeExample: field("negativeExample"),
  };
}

function stepChanges(sources: readonly MergeSource[], mergedSteps: readonly string[]): Pick<StepsDiff, "items" | "dropped"> {
  const owners = new Map<string, { text: string; tipIds: string[] }>();
  for (const source of sources) {
    for (const step of source.steps) {
      const key = normalizeTipText(step);
      const owner = owners.get(key) ?? { text: step.trim(), tipIds: [] };
      if (!owner.tipIds.includes(source.id)) owner.tipIds.push(source.id);
      owners.set(key, owner);
    }
  }
  const mergedKeys = new Set(mergedSteps.map(normalizeTipText));
  const items = mergedSteps.map((text) => {
    const owner = owners.get(normalizeTipText(text));
    return { text, status: owner ? ("kept" as const) : ("added" as const), tipIds: owner ? [...owner.tipIds] : [] };
  });
  const dropped = [...owners].filter(([key]) => !mergedKeys.has(key)).map(([, owner]) => owner);
  return { items, dropped };
}

// Pure checks on one merge call's answer: keys → tip ids, each tip in at most one merged tip, rule
// fields re-decided, conflicts decided by precedence. Corrections are reported; nothing throws.
import type { ConsolidationIssue } from "../llm-stage";
import { proposedTipSchema } from "../proposal";
import { diffTips, ruleFields, unionSteps, type TipDiff } from "./merged-fields";
import { decideConflict, type ConflictDecision } from "./precedence";
import type { ClusterMergeOutput, MergedTipOutput } from "./schema";
import { MAX_MERGED_STEPS, type ConsolidationTipInput, type MergedTip } from "./types";

/** A merge the model proposed, checked: N source tips → one tip. */
export interface ProposedMerge {
  sourceTipIds: string[];
  /**
   * The tip to create. Wording (content, purpose, trigger, steps, negative example) is the model's;
   * priority, category, application and task category follow the merged-fields rules, not the
   * model, so the same sources always yield the same metadata (the model's values are kept below).
   */
  tip: MergedTip;
  rationale: string;
  diff: TipDiff;
  modelSuggested: Pick<MergedTipOutput, "category" | "priority" | "application">;
}

export interface KeepSeparateDecision {
  tipIds: string[];
  reason: string;
}

export interface CheckedMergeAnswer {
  merges: ProposedMerge[];
  conflicts: ConflictDecision[];
  keepSeparate: KeepSeparateDecision[];
}

export function checkMergeAnswer(
  answer: ClusterMergeOutput,
  tipByKey: ReadonlyMap<string, ConsolidationTipInput>,
  issues: ConsolidationIssue[],
): CheckedMergeAnswer {
  const report = (message: string) => issues.push({ stage: "merge", message });
  const resolve = (keys: readonly string[], where: string): ConsolidationTipInput[] => {
    const tips: ConsolidationTipInput[] = [];
    for (const key of keys) {
      const tip = tipByKey.get(key.trim());
      if (!tip) report(`${where} names unknown tip "${clip(key)}"; it was ignored.`);
      else if (!tips.includes(tip)) tips.push(tip);
    }
    return tips;
  };

  const mergedInto = new Map<string, number>();
  const merges: ProposedMerge[] = [];
  answer.mergedTips.forEach((output, index) => {
    const where = `Merged tip ${index + 1}`;
    const sources = resolve(output.sourceTipIds, where).filter((tip) => {
      const earlier = mergedInto.get(tip.id);
      if (earlier !== undefined) report(`${where}: tip ${tip.id} is already in merged tip ${earlier + 1}; it was dropped here.`);
      return earlier === undefined;
    });
    if (sources.length === 0) return void report(`${where} has no valid source tip and was dropped.`);
    const merge = toMerge(output, sources, where, report);
    if (!merge || isNoChange(merge, sources)) return;
    for (const tip of sources) mergedInto.set(tip.id, index);
    merges.push(merge);
  });

  const seenPairs = new Set<string>();
  const conflicts: ConflictDecision[] = [];
  answer.conflicts.forEach((output, index) => {
    const where = `Conflict ${index + 1}`;
    const pair = resolve(output.tipIds, where);
    if (pair.length !== 2) return void report(`${where} needs exactly two known tips, got ${pair.length}; it was dropped.`);
    const [a, b] = pair as [ConsolidationTipInput, ConsolidationTipInput];
    const key = [a.id, b.id].sort().join("|");
    if (seenPairs.has(key)) return;
    const group = mergedInto.get(a.id);
    if (group !== undefined && group === mergedInto.get(b.id)) {
      return void report(`${where}: tips ${a.id} and ${b.id} were also merged together; the conflict was dropped.`);
    }
    seenPairs.add(key);
    const preferred = tipByKey.get(output.preferredTipId.trim())?.id ?? null;
    conflicts.push(decideConflict(a, b, preferred === a.id || preferred === b.id ? preferred : null, output.reason.trim()));
  });

  const keepSeparate: KeepSeparateDecision[] = [];
  answer.keepSeparate.forEach((output, index) => {
    const tips = resolve(output.tipIds, `Keep-separate ${index + 1}`);
    if (tips.length < 2) return void report(`Keep-separate ${index + 1} needs at least two known tips; it was dropped.`);
    keepSeparate.push({ tipIds: tips.map((tip) => tip.id), reason: output.reason.trim() });
  });
  return { merges, conflicts, keepSeparate };
}

function toMerge(output: MergedTipOutput, sources: ConsolidationTipInput[], where: string, report: (m: string) => void): ProposedMerge | null {
  const first = sources[0]!;
  const rules = ruleFields(sources);
  const steps = output.steps.map((s) => s.trim()).filter((s) => s !== "");
  const candidate: MergedTip = {
    ...rules,
    content: output.content.trim(),
    purpose: output.purpose.trim() || first.purpose,
    trigger: output.trigger.trim() || first.trigger,
    negativeExample: output.negativeExample?.trim() || null,
    steps: steps.length > 0 ? unionSteps([steps]).slice(0, MAX_MERGED_STEPS) : rules.steps,
  };
  const parsed = proposedTipSchema.safeParse(candidate);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))].join(", ");
    report(`${where} was dropped: invalid ${fields}.`);
    return null;
  }
  const { category, priority, application } = output;
  return {
    sourceTipIds: sources.map((tip) => tip.id),
    tip: parsed.data,
    rationale: output.rationale.trim(),
    diff: diffTips(sources, parsed.data),
    modelSuggested: { category, priority, application },
  };
}

/** A "merge" of one tip that changes none of its wording is no proposal at all. */
function isNoChange(merge: ProposedMerge, sources: readonly ConsolidationTipInput[]): boolean {
  if (sources.length !== 1) return false;
  const d = merge.diff;
  return !d.content.changed && !d.purpose.changed && !d.trigger.changed && !d.steps.changed && !d.negativeExample.changed;
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 40 ? `${line.slice(0, 37)}…` : line;
}

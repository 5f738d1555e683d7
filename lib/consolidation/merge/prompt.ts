// Tip consolidation for one cluster of equivalent subtasks (paper §3.2.3): deduplicate, resolve
// conflicts with outcome metadata, synthesize complementary tips, write a canonical description.
// Tips and descriptions derive from untrusted trajectories, so both are fenced as data.
import { CONSOLIDATION_DATA_RULE, dataLine, fenceData } from "../llm-stage";
import { hasProvenCorrection } from "./precedence";
import type { ConsolidationTipInput } from "./types";

export const PROMPT_ID = "consolidation.merge";
export const PROMPT_VERSION = "v1";
export const SCHEMA_NAME = "cluster_merge";

/** Tips per call; a larger cluster is split (same-category tips stay together). */
export const MAX_TIPS_PER_CALL = 40;
/** Member descriptions shown per call (distinct ones; the rest are counted). */
export const MAX_DESCRIPTIONS_SHOWN = 30;
const FIELD_CHARS = { content: 600, purpose: 400, trigger: 300, step: 300, negativeExample: 300, description: 300 } as const;
const MAX_STEPS_SHOWN = 20;

export const SYSTEM_PROMPT = `You consolidate the memory of an AI-agent system: reusable tips learned from many agents' runs. You get one cluster
of equivalent subtasks (their generalized descriptions) and every tip learned for it, from different runs. Turn them into a
small, non-overlapping, non-contradictory set of high-quality tips, and name the cluster.

1. Deduplicate: tips that give the same advice (same action, same situation) become one canonical tip. Example: "Always call
   show_account_passwords() before login" and "Retrieve credentials using the supervisor password API before authentication"
   → one tip.
2. Synthesize: complementary tips about successive parts of one workflow become one tip with ordered steps covering the whole
   workflow. Example: credential retrieval + token validation after login → one tip for the full authentication workflow.
   Merge only when following the merged tip loses nothing either source taught; keep every unique insight, API name,
   parameter and check. Never merge tips for different situations or different applications' specific quirks into a vague one.
3. Conflicts: two tips that advise incompatible actions for the same situation (e.g. "retry a failed login immediately" vs
   "re-retrieve the credentials before retrying") are a conflict, not a merge. Name the tip that should win, by precedence:
   a. tips from successful runs beat tips whose runs all failed;
   b. a recovery tip with a proven correction beats a speculative prevention tip (written after a failure, never seen working);
   c. otherwise the higher priority; d. otherwise your judgement of which advice is correct.
4. Keep separate: tips that look alike but apply to different situations; list them with the reason, so reviewers are not
   asked again.
Tips you do not mention stay unchanged: only list real merges, rewrites, conflicts and keep-separate decisions.

Rules for merged tips:
- sourceTipIds: the keys ("T1") exactly as given; a tip appears in at most one merged tip, never in a merged tip and a conflict.
- Tips with status "approved" were checked by a person: keep their wording unless the merge needs a change.
- Same quality bar as the sources: actionable and specific, "When <situation>, <what to do>", no task-specific values
  (names, emails, amounts, ids). priority: the most severe of the sources. application: the shared lowercase application,
  or null when the sources differ (the merged tip is then generic).
- canonicalDescription: one generalized description of the subtask the cluster covers — imperative, canonical verb, no
  entities, no purpose — e.g. "get service account credentials".

${CONSOLIDATION_DATA_RULE}`;

/** A tip as sent: the prompt-local key and the tip. */
export interface KeyedTip {
  key: string;
  tip: ConsolidationTipInput;
}

export interface MergeInputArgs {
  clusterDescriptions: readonly string[];
  tips: readonly KeyedTip[];
  /** Set when the cluster's tips are split over several calls. */
  part?: { index: number; count: number };
}

export function buildMergeInput({ clusterDescriptions, tips, part }: MergeInputArgs): string {
  const distinct = [...new Set(clusterDescriptions.map((d) => dataLine(d, FIELD_CHARS.description)).filter((d) => d !== ""))];
  const shown = distinct.slice(0, MAX_DESCRIPTIONS_SHOWN).map((d) => `- ${d}`);
  if (distinct.length > shown.length) shown.push(`(and ${distinct.length - shown.length} more)`);
  const header = [
    `Cluster of ${distinct.length} equivalent subtask description(s) with ${tips.length} tip(s) in this request.`,
    part && part.count > 1 ? `The cluster is large: this is part ${part.index + 1} of ${part.count}; consolidate the tips given here.` : "",
  ].filter(Boolean);
  return [
    header.join("\n"),
    fenceData("cluster_descriptions", shown.join("\n") || "(none)"),
    fenceData("tips", tips.map(renderTip).join("\n\n")),
  ].join("\n\n");
}

export function renderTip({ key, tip }: KeyedTip): string {
  const meta = [
    `category: ${tip.category}`,
    `priority: ${tip.priority}`,
    `status: ${tip.status}`,
    `origin: ${tip.origin}`,
    `application: ${tip.application ? dataLine(tip.application, 60) : "generic"}`,
    `task category: ${tip.taskCategory ? dataLine(tip.taskCategory, 60) : "none"}`,
    `source outcomes: ${outcomeSummary(tip)}`,
    ...(tip.category === "recovery" ? [`proven correction: ${hasProvenCorrection(tip) ? "yes" : "no"}`] : []),
  ];
  const steps = tip.steps.slice(0, MAX_STEPS_SHOWN).map((step, i) => `  ${i + 1}. ${dataLine(step, FIELD_CHARS.step)}`);
  return [
    `[${key}] ${meta.join(" | ")}`,
    `content: ${dataLine(tip.content, FIELD_CHARS.content)}`,
    `purpose: ${dataLine(tip.purpose, FIELD_CHARS.purpose)}`,
    `trigger: ${dataLine(tip.trigger, FIELD_CHARS.trigger)}`,
    `steps:${steps.length > 0 ? `\n${steps.join("\n")}` : " none"}`,
    `negative example: ${tip.negativeExample ? dataLine(tip.negativeExample, FIELD_CHARS.negativeExample) : "none"}`,
  ].join("\n");
}

function outcomeSummary(tip: ConsolidationTipInput): string {
  if (tip.sourceOutcomes.length === 0) return "unknown";
  const counts = (["success", "failure", "unknown"] as const)
    .map((label) => [label, tip.sourceOutcomes.filter((o) => o === label).length] as const)
    .filter(([, n]) => n > 0);
  return counts.map(([label, n]) => (n === 1 ? label : `${label} ×${n}`)).join(", ");
}

// Stage: consolidate one cluster's tips with the LLM (paper §3.2.3). Tips go in under short keys
// ("T1"…), ≤ 40 per call; a bigger cluster is split with same-category tips kept together (merges
// across parts are then not proposed). The answer is checked by validate-merge.ts: conflicts are
// decided by the precedence rules and merged-tip metadata by the merged-fields rules. Provenance
// is not handled here: the caller unions the sources' provenance when a merge is accepted.
// A failed call is an issue unless every call failed; then the first error is thrown (retry).
import { toUserMessage } from "../../errors";
import { toCallInfo } from "../../extraction/llm-call";
import { offlineCanonicalDescription } from "../generalize/normalize-description";
import type { ConsolidationDeps, ConsolidationIssue, LlmCallInfo } from "../llm-stage";
import type { ConflictDecision } from "./precedence";
import { buildMergeInput, MAX_TIPS_PER_CALL, PROMPT_ID, PROMPT_VERSION, SCHEMA_NAME, SYSTEM_PROMPT, type KeyedTip } from "./prompt";
import { clusterMergeOutputSchema, type ClusterMergeOutput } from "./schema";
import { CATEGORY_TIE_ORDER } from "./merged-fields";
import type { ConsolidationTipInput } from "./types";
import { checkMergeAnswer, type KeepSeparateDecision, type ProposedMerge } from "./validate-merge";

export type { KeepSeparateDecision, ProposedMerge } from "./validate-merge";

export interface MergeClusterInput {
  /** The generalized descriptions of the cluster's members. */
  clusterDescriptions: readonly string[];
  tips: readonly ConsolidationTipInput[];
}

export interface MergeClusterOptions {
  projectId?: string | null;
  /** Tips per call, 2–40 (default 40). */
  maxTipsPerCall?: number;
}

export interface MergeClusterResult {
  /** The model's description of the whole cluster (offline pick when it gave none or no call was made). */
  canonicalDescription: string;
  merges: ProposedMerge[];
  conflicts: ConflictDecision[];
  keepSeparate: KeepSeparateDecision[];
  calls: LlmCallInfo[];
  issues: ConsolidationIssue[];
}

export async function mergeCluster(input: MergeClusterInput, options: MergeClusterOptions, deps: ConsolidationDeps): Promise<MergeClusterResult> {
  const issues: ConsolidationIssue[] = [];
  const fallbackDescription = () => offlineCanonicalDescription(input.clusterDescriptions);
  const result: MergeClusterResult = { canonicalDescription: "", merges: [], conflicts: [], keepSeparate: [], calls: [], issues };
  if (input.tips.length === 0) return { ...result, canonicalDescription: fallbackDescription() };

  const parts = splitIntoParts(input.tips, options.maxTipsPerCall);
  const settled = await Promise.all(
    parts.map((tips, index) => callModel({ clusterDescriptions: input.clusterDescriptions, tips, part: { index, count: parts.length } }, options, deps)),
  );
  const failures = settled.filter((outcome) => !outcome.ok);
  if (failures.length > 0 && failures.length === settled.length) throw failures[0]!.error;

  settled.forEach((outcome, index) => {
    if (!outcome.ok) {
      issues.push({ stage: "merge", message: `Merge call ${index + 1} of ${parts.length} failed (${toUserMessage(outcome.error)}); its ${parts[index]!.length} tip(s) were left as they are.` });
      return;
    }
    result.calls.push(outcome.call);
    const tipByKey = new Map(parts[index]!.map(({ key, tip }) => [key, tip]));
    const checked = checkMergeAnswer(outcome.answer, tipByKey, issues);
    result.merges.push(...checked.merges);
    result.conflicts.push(...checked.conflicts);
    result.keepSeparate.push(...checked.keepSeparate);
    const description = outcome.answer.canonicalDescription.replace(/\s+/g, " ").trim().replace(/\.$/, "");
    if (!result.canonicalDescription && description) result.canonicalDescription = description;
  });
  if (!result.canonicalDescription) {
    result.canonicalDescription = fallbackDescription();
    issues.push({ stage: "merge", message: `No canonical description was returned; "${result.canonicalDescription}" (the most common member description) is used.` });
  }
  return result;
}

/** Keys follow input order; parts keep same-category tips together (recovery, strategy, optimization). */
function splitIntoParts(tips: readonly ConsolidationTipInput[], maxTipsPerCall: number | undefined): KeyedTip[][] {
  const size = Math.max(2, Math.min(MAX_TIPS_PER_CALL, Math.floor(maxTipsPerCall ?? MAX_TIPS_PER_CALL)));
  const keyed = tips.map((tip, i) => ({ key: `T${i + 1}`, tip }));
  if (keyed.length <= size) return [keyed];
  const ordered = CATEGORY_TIE_ORDER.flatMap((category) => keyed.filter(({ tip }) => tip.category === category));
  const parts: KeyedTip[][] = [];
  for (let start = 0; start < ordered.length; start += size) parts.push(ordered.slice(start, start + size));
  return parts;
}

type CallOutcome = { ok: true; answer: ClusterMergeOutput; call: LlmCallInfo } | { ok: false; error: unknown };

async function callModel(args: Parameters<typeof buildMergeInput>[0], options: MergeClusterOptions, deps: ConsolidationDeps): Promise<CallOutcome> {
  try {
    const result = await deps.llm.generateObject({
      stage: "consolidation",
      promptId: PROMPT_ID,
      promptVersion: PROMPT_VERSION,
      schema: clusterMergeOutputSchema,
      schemaName: SCHEMA_NAME,
      system: SYSTEM_PROMPT,
      input: buildMergeInput(args),
      projectId: options.projectId ?? null,
    });
    return { ok: true, answer: result.object, call: toCallInfo(result, PROMPT_ID, PROMPT_VERSION) };
  } catch (error) {
    return { ok: false, error };
  }
}

// Stage: generalize many descriptions with the LLM, ≤ 40 per call. Identical texts are sent once.
// Each call answers with prompt-local keys; every key must come back exactly once. A key left out
// (or answered empty) falls back to the deterministic normalizeDescription and is reported; so is
// a whole failed call — unless every call failed, then the first error is thrown so the job can
// retry (finished calls are cached and cost nothing the second time).
import { toUserMessage } from "../../errors";
import { toCallInfo } from "../../extraction/llm-call";
import type { ConsolidationDeps, ConsolidationIssue, LlmCallInfo } from "../llm-stage";
import { normalizeDescription } from "./normalize-description";
import {
  buildGeneralizationInput,
  MAX_DESCRIPTIONS_PER_CALL,
  PROMPT_ID,
  PROMPT_VERSION,
  SCHEMA_NAME,
  SYSTEM_PROMPT,
  type KeyedDescription,
} from "./prompt";
import { generalizationOutputSchema } from "./schema";

/** One description to generalize; `id` is the caller's (a subtask id, a trajectory id…). */
export interface DescriptionInput {
  id: string;
  text: string;
}

export interface GeneralizeOptions {
  projectId?: string | null;
  /** Descriptions per call, 1–40 (default 40). */
  batchSize?: number;
  /** Application names the offline fallback keeps instead of masking (e.g. ["venmo"]). */
  keepNames?: readonly string[];
}

export interface GeneralizeResult {
  /** Every input id → its generalized description (LLM, or the offline fallback). */
  generalized: Map<string, string>;
  /** Ids whose description came from normalizeDescription (left out, empty, or in a failed call). */
  fallbackIds: string[];
  calls: LlmCallInfo[];
  issues: ConsolidationIssue[];
}

export async function generalizeDescriptions(
  items: readonly DescriptionInput[],
  options: GeneralizeOptions,
  deps: ConsolidationDeps,
): Promise<GeneralizeResult> {
  const issues: ConsolidationIssue[] = [];
  const fallback = (text: string) => normalizeDescription(text, { keepNames: options.keepNames });
  // Distinct non-empty texts, in first-seen order; empty texts need no model.
  const texts = [...new Set(items.map((item) => item.text.trim()).filter((text) => text !== ""))];
  const size = Math.max(1, Math.min(MAX_DESCRIPTIONS_PER_CALL, Math.floor(options.batchSize ?? MAX_DESCRIPTIONS_PER_CALL)));
  const batches: KeyedDescription[][] = [];
  for (let start = 0; start < texts.length; start += size) {
    batches.push(texts.slice(start, start + size).map((text, i) => ({ key: `d${start + i + 1}`, text })));
  }
  const settled = await Promise.all(batches.map((batch) => runBatch(batch, options.projectId ?? null, deps)));
  const failures = settled.filter((result) => !result.ok);
  if (failures.length > 0 && failures.length === settled.length) throw failures[0]!.error;

  const byText = new Map<string, string>();
  const fallbackTexts = new Set<string>();
  const calls: LlmCallInfo[] = [];
  settled.forEach((result, index) => {
    const batch = batches[index]!;
    if (!result.ok) {
      issues.push({ stage: "generalization", message: `Generalization call ${index + 1} failed (${toUserMessage(result.error)}); its ${batch.length} description(s) were normalized offline.` });
      for (const item of batch) fallbackTexts.add(item.text);
      return;
    }
    calls.push(result.call);
    const answers = checkAnswers(batch, result.answers, issues);
    for (const item of batch) {
      const answer = answers.get(item.key);
      if (answer) byText.set(item.text, answer);
      else fallbackTexts.add(item.text);
    }
  });

  const generalized = new Map<string, string>();
  const fallbackIds: string[] = [];
  for (const item of items) {
    const text = item.text.trim();
    const answer = byText.get(text);
    generalized.set(item.id, answer ?? fallback(text));
    if (answer === undefined && fallbackTexts.has(text)) fallbackIds.push(item.id);
  }
  return { generalized, fallbackIds, calls, issues };
}

type BatchResult =
  | { ok: true; answers: { key: string; generalized: string }[]; call: LlmCallInfo }
  | { ok: false; error: unknown };

async function runBatch(batch: KeyedDescription[], projectId: string | null, deps: ConsolidationDeps): Promise<BatchResult> {
  try {
    const result = await deps.llm.generateObject({
      stage: "generalization",
      promptId: PROMPT_ID,
      promptVersion: PROMPT_VERSION,
      schema: generalizationOutputSchema,
      schemaName: SCHEMA_NAME,
      system: SYSTEM_PROMPT,
      input: buildGeneralizationInput(batch),
      projectId,
    });
    return { ok: true, answers: result.object.descriptions, call: toCallInfo(result, PROMPT_ID, PROMPT_VERSION) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Key → answer for this batch's keys: unknown keys ignored, repeats keep the first, empty answers count as missing. */
function checkAnswers(
  batch: readonly KeyedDescription[],
  answers: readonly { key: string; generalized: string }[],
  issues: ConsolidationIssue[],
): Map<string, string> {
  const report = (message: string) => issues.push({ stage: "generalization", message });
  const textOf = new Map(batch.map((item) => [item.key, item.text]));
  const kept = new Map<string, string>();
  for (const { key: rawKey, generalized } of answers) {
    const key = rawKey.trim();
    const text = generalized.replace(/\s+/g, " ").trim().replace(/\.$/, "");
    if (!textOf.has(key)) report(`The model answered for unknown key "${clip(rawKey)}"; the answer was ignored.`);
    else if (kept.has(key)) report(`The model answered key ${key} more than once; the first answer was kept.`);
    else if (text !== "") kept.set(key, text); // an empty answer counts as missing (below)
  }
  const missing = batch.filter((item) => !kept.has(item.key));
  if (missing.length > 0) {
    const list = missing.map((item) => `${item.key} ("${clip(item.text)}")`).join(", ");
    report(`No usable answer for ${list}; normalized offline instead.`);
  }
  return kept;
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

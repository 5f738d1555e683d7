// Evaluation scores attached to a trace (Langfuse `scores`, LangSmith feedback) → outcome.
// Score semantics are user-defined (hallucination=1 is bad, helpfulness=1 is good), so Debrief
// does not guess: every score is kept in outcome.details, and only a trace-level score that is
// clearly a success flag decides the label —
//   • BOOLEAN (or categorical pass/fail vocabulary) named success / correct(ness) / passed /
//     resolved / solved / task_success / task_completed → label success|failure, score 1|0;
//   • NUMERIC in [0, 1] with such a name → score only (label stays unknown).
// Source is "judge" (an evaluator produced it), or "label" when that score is a human ANNOTATION.
import type { Outcome } from "../../schema";
import { isRecord, num, str } from "./values";

const SUCCESS_NAMES = new Set([
  "success", "succeeded", "successful", "issuccess", "correct", "correctness", "iscorrect", "passed", "pass",
  "resolved", "solved", "tasksuccess", "taskcompleted", "taskcompletion", "goalcompleted", "goalachieved",
]);
const TRUE_WORDS = new Set(["true", "yes", "pass", "passed", "success", "correct", "resolved", "1"]);
const FALSE_WORDS = new Set(["false", "no", "fail", "failed", "failure", "incorrect", "unresolved", "0"]);

export interface ScoreRecord {
  name: string;
  value?: number | string | boolean;
  stringValue?: string;
  dataType?: string;
  source?: string;
  comment?: string;
  observationId?: string;
}

/** Compact copies of Langfuse score objects (ids, project and timestamps dropped). */
export function readScores(value: unknown): ScoreRecord[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((score) => {
    const name = str(score.name) ?? str(score.key);
    if (!name) return [];
    const record: ScoreRecord = { name };
    const raw = score.value ?? score.score;
    if (typeof raw === "number" || typeof raw === "string" || typeof raw === "boolean") record.value = raw;
    if (str(score.stringValue)) record.stringValue = str(score.stringValue);
    if (str(score.dataType)) record.dataType = str(score.dataType);
    if (str(score.source)) record.source = str(score.source);
    if (str(score.comment)) record.comment = str(score.comment);
    if (str(score.observationId)) record.observationId = str(score.observationId);
    return [record];
  });
}

function verdict(score: ScoreRecord): { label?: "success" | "failure"; score?: number } | undefined {
  if (!SUCCESS_NAMES.has(score.name.toLowerCase().replace(/[^a-z]/g, ""))) return undefined;
  const type = score.dataType?.toUpperCase();
  const word = (score.stringValue ?? (typeof score.value === "string" ? score.value : undefined))?.trim().toLowerCase();
  if (type === "BOOLEAN" || typeof score.value === "boolean" || (type === "CATEGORICAL" && word !== undefined)) {
    const yes = score.value === true || (word !== undefined ? TRUE_WORDS.has(word) : num(score.value) === 1);
    const no = score.value === false || (word !== undefined ? FALSE_WORDS.has(word) : num(score.value) === 0);
    if (yes !== no) return { label: yes ? "success" : "failure", score: yes ? 1 : 0 };
    return undefined;
  }
  const value = num(score.value);
  return value !== undefined && value >= 0 && value <= 1 ? { score: value } : undefined;
}

/** The outcome the scores support, or undefined when there are none. */
export function outcomeFromScores(scores: ScoreRecord[]): Outcome | undefined {
  if (scores.length === 0) return undefined;
  const traceLevel = scores.filter((score) => !score.observationId);
  const decided = traceLevel.map((score) => ({ score, verdict: verdict(score) })).filter((entry) => entry.verdict !== undefined);
  const labelled = decided.find((entry) => entry.verdict?.label) ?? decided[0];
  const source = labelled?.score.source?.toUpperCase() === "ANNOTATION" ? "label" : "judge";
  return {
    label: labelled?.verdict?.label ?? "unknown",
    ...(labelled?.verdict?.score !== undefined ? { score: labelled.verdict.score } : {}),
    source,
    details: { scores, ...(labelled ? { decidedBy: labelled.score.name } : {}) },
  };
}

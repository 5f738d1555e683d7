// A hand-made label file: `[{"task_id": …, "success": true|false, "score"?: n}]` (JSON array or
// JSON Lines) or a map `{"<id>": true|false}`. Whoever wrote it labelled the runs, so the source
// is "label" — the strongest in outcome merging. Common spellings of the id and verdict are accepted.
import type { OutcomeFileParser, OutcomeRecord, ParseIssue, SourceDocument } from "../formats/types";
import type { Outcome } from "../schema";
import { asObj, idString, isObj, num, str, type Obj } from "../formats/agent-log-utils";

export const OUTCOME_LIST_ID = "outcome-list";

const ID_KEYS = ["task_id", "instance_id", "id", "trajectory_id", "task", "key", "name"];
const VERDICT_KEYS = ["success", "resolved", "passed", "correct", "label", "outcome", "status"];
const SUCCESS_WORDS = /^(?:success(?:ful)?|succeeded|pass(?:ed)?|resolved|correct|true|yes)$/i;
const FAILURE_WORDS = /^(?:fail(?:ed|ure)?|unresolved|incorrect|false|no|error)$/i;

function idOf(item: Obj): string | undefined {
  for (const key of ID_KEYS) {
    const id = idString(item[key]);
    if (id) return id;
  }
  return undefined;
}

function verdictOf(item: Obj): { label: Outcome["label"]; claim?: unknown } | undefined {
  for (const key of VERDICT_KEYS) {
    const value = item[key];
    if (typeof value === "boolean") return { label: value ? "success" : "failure" };
    const word = str(value);
    if (word && (SUCCESS_WORDS.test(word) || FAILURE_WORDS.test(word))) return { label: SUCCESS_WORDS.test(word) ? "success" : "failure", claim: word };
  }
  return undefined;
}

function recordOf(id: string, item: Obj | boolean): OutcomeRecord | undefined {
  if (typeof item === "boolean") return { key: id, outcome: { label: item ? "success" : "failure", source: "label" } };
  const verdict = verdictOf(item);
  const score = num(item.score ?? item.reward);
  if (!verdict && score === undefined) return undefined;
  const label = verdict?.label ?? (score !== undefined && score >= 1 ? "success" : score !== undefined && score <= 0 ? "failure" : "unknown");
  const outcome: Outcome = { label, source: "label" };
  if (score !== undefined) outcome.score = score;
  const note = str(item.reason) ?? str(item.comment) ?? str(item.details);
  if (note) outcome.details = { note };
  return { key: id, outcome };
}

/** The list items (array or JSONL), or the map entries, of the document. */
function entries(doc: SourceDocument): { kind: "list" | "map"; items: [string | undefined, unknown][] } | undefined {
  const list = doc.jsonl ? doc.jsonl.map((l) => l.value) : Array.isArray(doc.json) ? doc.json : undefined;
  if (list) return { kind: "list", items: list.map((item) => [isObj(item) ? idOf(item) : undefined, item]) };
  const map = asObj(doc.json);
  return map ? { kind: "map", items: Object.entries(map) } : undefined;
}

function detect(doc: SourceDocument): number {
  const found = entries(doc);
  if (!found || found.items.length === 0) return 0;
  if (found.kind === "list") {
    return found.items.every(([id, item]) => id !== undefined && isObj(item) && (verdictOf(item) || num(item.score) !== undefined)) ? 0.9 : 0;
  }
  // A map of booleans is generic, so it claims the file with less confidence than specific reports.
  if (found.items.every(([, value]) => typeof value === "boolean")) return 0.6;
  return found.items.every(([, value]) => isObj(value) && verdictOf(value) && !("tests_status" in value)) ? 0.5 : 0;
}

export const outcomeListParser: OutcomeFileParser = {
  id: OUTCOME_LIST_ID,
  label: "Outcome label list",
  detect,
  parse(doc) {
    const issues: ParseIssue[] = [];
    const found = entries(doc);
    if (!found || detect(doc) === 0) {
      return { outcomes: [], issues: [{ severity: "error", message: 'Not an outcome list: expected [{"task_id": …, "success": true|false}] or {"<id>": true|false}.' }] };
    }
    const outcomes: OutcomeRecord[] = [];
    found.items.forEach(([id, item], i) => {
      const record = id !== undefined && (typeof item === "boolean" || isObj(item)) ? recordOf(id, item) : undefined;
      if (record) outcomes.push(record);
      else issues.push({ severity: "warning", message: "Entry without an id and a verdict skipped.", path: found.kind === "list" ? `$[${i}]` : `$.${id}` });
    });
    return { outcomes, issues };
  },
};

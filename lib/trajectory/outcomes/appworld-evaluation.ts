// AppWorld experiment-level `evaluations/<split>.json` (written by appworld's evaluator; FORMATS.md
// §2.2): `{aggregate: {task_goal_completion, scenario_goal_completion}, individual: {<task_id>:
// {success | passes_fully (older), difficulty, num_tests, passes[], failures[]}}}` → one verified
// outcome per task.
//
// score = plain pass ratio (passes / num_tests), as report.md gives it. Tests labelled "no_op_pass"
// pass even for an agent that does nothing, which inflates that ratio, so when labels are present
// details.noOpFailScore counts only the "no_op_fail" tests (FORMATS.md §2.3).
import type { Outcome } from "../schema";
import type { OutcomeFileParser, OutcomeRecord, ParseIssue } from "../formats/types";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const SPLIT = /(?:^|[\\/])(train|dev|test_normal|test_challenge)(?:\.json)?$/;

export const appworldEvaluationOutcome: OutcomeFileParser = {
  id: "appworld-evaluation",
  label: "AppWorld evaluations/<split>.json",

  detect(doc) {
    const json = doc.json;
    if (!isObj(json) || !isObj(json.individual)) return 0;
    if (isObj(json.aggregate) && "task_goal_completion" in json.aggregate) return 0.95;
    const entries = Object.values(json.individual).slice(0, 5);
    return entries.length > 0 && entries.every((e) => isObj(e) && ("success" in e || "passes_fully" in e)) ? 0.8 : 0;
  },

  parse(doc) {
    const json = doc.json;
    if (!isObj(json) || !isObj(json.individual)) {
      return { outcomes: [], issues: [{ severity: "error", message: "Not an AppWorld evaluation: no \"individual\" object." }] };
    }
    const issues: ParseIssue[] = [];
    const split = SPLIT.exec(doc.fileName)?.[1];
    const aggregate = isObj(json.aggregate) ? json.aggregate : undefined;
    const outcomes: OutcomeRecord[] = [];
    for (const [taskId, entry] of Object.entries(json.individual)) {
      if (!isObj(entry)) {
        issues.push({ severity: "warning", message: `individual.${taskId} is not an object; skipped.`, path: `$.individual.${taskId}` });
        continue;
      }
      const outcome = taskOutcome(entry, split, aggregate);
      if (outcome.label === "unknown") issues.push({ severity: "warning", message: `individual.${taskId} has no success/passes_fully flag.`, path: `$.individual.${taskId}` });
      outcomes.push({ key: taskId, outcome });
    }
    if (outcomes.length === 0) issues.push({ severity: "error", message: "The evaluation lists no tasks." });
    return { outcomes, issues };
  },
};

function taskOutcome(entry: Obj, split: string | undefined, aggregate: Obj | undefined): Outcome {
  const flag = typeof entry.success === "boolean" ? entry.success : typeof entry.passes_fully === "boolean" ? entry.passes_fully : undefined;
  const passes = Array.isArray(entry.passes) ? entry.passes : [];
  const failures = Array.isArray(entry.failures) ? entry.failures : [];
  const numTests = typeof entry.num_tests === "number" ? entry.num_tests : passes.length + failures.length;
  const details: Obj = {
    ...(split ? { split } : {}),
    ...(entry.difficulty !== undefined ? { difficulty: entry.difficulty } : {}),
    numTests,
    passes,
    failures,
    ...noOpFailScore(passes, failures),
    ...(aggregate ? { experiment: aggregate } : {}),
  };
  if (flag === undefined) return { label: "unknown", source: "none", details };
  return {
    label: flag ? "success" : "failure",
    ...(numTests > 0 ? { score: passes.length / numTests } : {}),
    source: "verifier",
    details,
  };
}

function noOpFailScore(passes: unknown[], failures: unknown[]): Obj {
  const label = (t: unknown) => (isObj(t) ? t.label : undefined);
  const passed = passes.filter((t) => label(t) === "no_op_fail").length;
  const total = passed + failures.filter((t) => label(t) === "no_op_fail").length;
  return total > 0 ? { noOpFailScore: passed / total } : {};
}

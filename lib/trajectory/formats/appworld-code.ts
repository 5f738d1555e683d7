// What AppWorld code cells reveal (FORMATS.md §2): the apps a run used (`apis.<app>.<api>(`),
// the agent's own report through `apis.supervisor.complete_task(answer=…, status=…)`, the task id
// in file names, and a readable message for the REPL's "Execution failed" tracebacks.
import type { Outcome, StepInput } from "../schema";
import { detectErrorText } from "../normalize/errors";
import { splitPythonArguments } from "../normalize/python-arguments";

/** Task ids are `<scenario 7-hex>_<variant>` (e.g. 82e2fac_1), also inside names like ace__82e2fac_1. */
const TASK_ID = /(?:^|[^0-9a-f])([0-9a-f]{7}_\d{1,2})(?![0-9A-Za-z])/;
// Every task has these two; they say nothing about the task's domain.
const META_APPS = new Set(["api_docs", "supervisor"]);
const COMPLETE_TASK = /apis\.supervisor\.complete_task\s*\(/g;

export function taskIdFromText(text: string): string | undefined {
  return TASK_ID.exec(text)?.[1];
}

/** Apps called in the code, in order of first use. */
export function applicationsIn(codes: string[]): string[] {
  const apps: string[] = [];
  for (const code of codes) {
    for (const match of code.matchAll(/\bapis\.([a-z_][a-z0-9_]*)\.[a-z_]/g)) {
      const app = match[1]!;
      if (!META_APPS.has(app) && !apps.includes(app)) apps.push(app);
    }
  }
  return apps;
}

export interface CompletionReport {
  /** The answer when it was a literal; a variable's value is not in the log. */
  answer?: string;
  answerExpression?: string;
  status?: string;
  stepIndex: number;
}

/** The last complete_task call in a cell that did not fail (a failed cell completed nothing). */
export function findCompletion(steps: StepInput[]): CompletionReport | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    if (step.kind !== "code" || step.isError) continue;
    const calls = [...step.code.matchAll(COMPLETE_TASK)];
    const last = calls.at(-1);
    if (!last) continue;
    const args = splitPythonArguments(step.code.slice(last.index + last[0].length));
    const answerText = args.named.answer ?? args.positional[0];
    const answer = answerText === undefined ? undefined : pythonLiteral(answerText);
    const status = args.named.status === undefined ? undefined : pythonLiteral(args.named.status);
    return {
      answer: answer ?? undefined,
      answerExpression: answer === undefined && answerText !== undefined ? answerText : undefined,
      status: status ?? undefined,
      stepIndex: step.index,
    };
  }
  return undefined;
}

/** complete_task's status is the agent's own claim (AppWorld defaults it to "success"). */
export function selfReportedOutcome(report: CompletionReport | undefined): Outcome {
  if (!report) return { label: "unknown", source: "none" };
  const status = report.status ?? "success";
  const details: Record<string, unknown> = { status, statusGiven: report.status !== undefined, via: "apis.supervisor.complete_task" };
  if (report.answer !== undefined) details.answer = report.answer;
  if (report.answerExpression !== undefined) details.answerExpression = report.answerExpression;
  return { label: status === "fail" ? "failure" : "success", source: "self_report", details };
}

/** "Exception: Response status code is 422: {…}" rather than "Execution failed. Traceback:". */
export function executionErrorMessage(output: string): string | undefined {
  if (!/^\s*Execution failed|Traceback/m.test(output)) return undefined;
  const lines = output.split("\n");
  const at = lines.findLastIndex((l) => /^(?:[A-Za-z_][\w.]*)?(?:Error|Exception|Exit|Interrupt)(?::|$)/.test(l));
  if (at !== -1) {
    const line = lines[at]!.trim();
    const next = line.endsWith(":") ? lines[at + 1]?.trim() : undefined;
    return (next ? `${line} ${next}` : line).slice(0, 500);
  }
  const message = lines.find((l) => /^Message:/.test(l));
  if (message) return `Syntax error: ${message.replace(/^Message:\s*/, "")}`.slice(0, 500);
  return detectErrorText(output) ?? lines[0]!.trim().slice(0, 500);
}

/** The value of a literal (string, number, bool); null for None; undefined for an expression. */
function pythonLiteral(text: string): string | null | undefined {
  const value = text.trim();
  if (value === "None") return null;
  if (/^-?\d+(?:\.\d+)?(?:e-?\d+)?$/i.test(value) || value === "True" || value === "False") return value;
  const string = /^[rRuUbB]?("""|'''|"|')([\s\S]*)\1$/.exec(value);
  if (!string) return undefined;
  const body = string[2]!;
  return /^[rR]/.test(value) ? body : body.replace(/\\(["'\\])/g, "$1").replace(/\\n/g, "\n").replace(/\\t/g, "\t");
}

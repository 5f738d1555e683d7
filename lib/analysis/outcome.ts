// Stage 3 of the paper's extractor: the outcome. A label from the trajectory wins; without one
// the outcome is inferred from the agent's own signals and how the run ended, and says so.
import type { NormalizedTrajectory, Step } from "../trajectory/schema";
import { actionOf } from "./actions";
import type { OutcomeGuess, OutcomeSignal, TrajectoryAnalysis } from "./schema";

const MAX_SIGNALS = 8;
const MAX_QUOTE = 80;
// Tools / APIs an agent calls to declare it is done.
const COMPLETION_ACTION = /(?:^|[._])(?:complete_task|mark_task_complete|task_complete|finish|submit|done|final_answer)$/i;
const SUCCESS_TEXT = /\b(?:task (?:is |has been |was )?(?:now |already )?(?:complete|completed|done|finished)|successfully (?:completed|created|fixed|resolved|submitted|updated|sent)|has been (?:completed|fixed|resolved)|all (?:tests|checks) pass(?:ed)?|goal verified)\b/i;
const FAILURE_TEXT = /\b(?:i (?:couldn't|could not|can't|cannot|was unable to|am unable to|wasn't able to)|unable to (?:complete|finish|find|access)|task failed|giving up|gave up)\b/i;
const SUBMITTED_TEXT = /\b(?:i(?:'ve| have)? (?:now )?submitted|submitting (?:the|my) (?:fix|answer|solution|changes|patch))\b/i;
const SUBMIT_COMMAND = /^\s*submit\b|COMPLETE_TASK_AND_SUBMIT/;

export function findOutcomeSignals(trajectory: NormalizedTrajectory): OutcomeSignal[] {
  const signals: OutcomeSignal[] = [];
  for (const step of trajectory.steps) {
    const fromAction = actionSignal(step);
    if (fromAction) signals.push(fromAction);
    const text = step.kind === "message" && step.role === "assistant" ? step.text : step.thought;
    const fromText = text ? textSignal(text, step.index) : null;
    if (fromText) signals.push(fromText);
  }
  const final = trajectory.finalAnswer ? textSignal(trajectory.finalAnswer, null) : null;
  if (final) signals.push(final);
  // The end of a run says most about its outcome.
  return signals.slice(-MAX_SIGNALS);
}

function actionSignal(step: Step): OutcomeSignal | null {
  if (step.isError) return null;
  const action = actionOf(step);
  if (step.kind === "code" && SUBMIT_COMMAND.test(step.code)) return { step: step.index, signal: "submitted", text: quote(step.code) };
  const call = action.calls.find((c) => COMPLETION_ACTION.test(c.key));
  const name = call?.key ?? (step.kind === "tool_call" && COMPLETION_ACTION.test(step.name) ? step.name : null);
  if (!name) return null;
  const args = call ? call.args : action.values;
  const verdict = `${args.status ?? ""} ${args.verdict ?? ""} ${args.success ?? ""}`.toLowerCase();
  const signal = /fail|false/.test(verdict) ? "failure" : /success|pass|true/.test(verdict) ? "success" : "submitted";
  const shown = Object.entries(args).filter(([k]) => ["status", "verdict", "success"].includes(k)).map(([k, v]) => `${k}=${v}`);
  return { step: step.index, signal, text: `${name}(${shown.join(", ")})` };
}

function textSignal(text: string, step: number | null): OutcomeSignal | null {
  const failure = FAILURE_TEXT.exec(text);
  const success = failure ? null : SUCCESS_TEXT.exec(text);
  const submitted = failure || success ? null : SUBMITTED_TEXT.exec(text);
  const match = failure ?? success ?? submitted;
  if (!match) return null;
  const start = Math.max(0, text.lastIndexOf("\n", match.index) + 1);
  return { step, signal: failure ? "failure" : success ? "success" : "submitted", text: quote(text.slice(start)) };
}

const quote = (text: string) => {
  const line = text.trim().split("\n")[0]!.trim();
  return line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE - 1)}…` : line;
};

const SOURCE_NAMES: Record<string, string> = { label: "the source file", verifier: "verifier", judge: "LLM judge", self_report: "the agent's self-report" };

type Findings = Pick<TrajectoryAnalysis, "failedActions" | "recoveries" | "bulkOpportunities" | "loops" | "deadEnds" | "outcomeSignals">;

export function classifyOutcome(trajectory: NormalizedTrajectory, findings: Findings): OutcomeGuess {
  const { label, source } = trajectory.outcome;
  const labeled = source !== "none" && label !== "unknown";
  const inferred = labeled ? null : inferSuccess(trajectory, findings);
  const isSuccess = labeled ? label === "success" : inferred!.isSuccess;
  const evidence = labeled ? [`label "${label}" from ${SOURCE_NAMES[source] ?? source}`] : inferred!.evidence;
  const realErrors = findings.failedActions.filter((f) => f.kind !== "interrupted").length;
  let category: OutcomeGuess["category"] = "failure";
  if (isSuccess && findings.recoveries.length > 0) category = "failure_then_recovery";
  else if (isSuccess && (realErrors > 0 || findings.loops.length > 0 || findings.bulkOpportunities.length > 0)) category = "inefficient_success";
  else if (isSuccess) category = "clean_success";
  if (isSuccess && findings.recoveries.length > 0) evidence.push(`${findings.recoveries.length} recovered error(s)`);
  if (category === "inefficient_success") evidence.push(inefficiencyEvidence(realErrors, findings));
  return { category, basis: labeled ? "label" : "inferred", confidence: labeled ? "high" : inferred!.confidence, evidence };
}

function inefficiencyEvidence(realErrors: number, findings: Findings): string {
  const parts = [realErrors > 0 ? `${realErrors} unrecovered error(s)` : "", findings.loops.length > 0 ? "repeated failing calls" : "", findings.bulkOpportunities.length > 0 ? "granular calls a bulk call could replace" : ""];
  return `inefficient: ${parts.filter(Boolean).join(", ")}`;
}

function inferSuccess(trajectory: NormalizedTrajectory, findings: Findings): { isSuccess: boolean; confidence: OutcomeGuess["confidence"]; evidence: string[] } {
  const note = trajectory.outcome.source !== "none" ? ` (the ${trajectory.outcome.source} outcome has no label)` : "";
  const lastSignal = findings.outcomeSignals.at(-1);
  const lastStep = trajectory.steps.at(-1);
  // "How did it end" is about the agent's last action, not a closing user or system remark.
  const lastAction = trajectory.steps.findLast((s) => s.kind === "tool_call" || s.kind === "code" || (s.kind === "message" && s.role === "assistant"));
  const failedSteps = new Set(findings.failedActions.map((f) => f.step));
  const hadErrors = findings.failedActions.some((f) => f.kind !== "interrupted");
  const terminal = findings.deadEnds.find((d) => d.isTerminal);
  if (lastStep && findings.failedActions.some((f) => f.step === lastStep.index && f.kind === "interrupted")) {
    return { isSuccess: false, confidence: "low", evidence: [`inferred: the run ended with the user interrupting at step ${lastStep.index}${note}`] };
  }
  if (lastSignal?.signal === "failure") return { isSuccess: false, confidence: "medium", evidence: [`inferred: the agent reported failure${at(lastSignal.step)}: "${lastSignal.text}"${note}`] };
  if (terminal) return { isSuccess: false, confidence: "medium", evidence: [`inferred: ${terminal.action} kept failing until the end (step ${terminal.steps.at(-1)})${note}`] };
  // "Submitted" only says the agent stopped, not that it was right.
  if (lastSignal) return { isSuccess: true, confidence: lastSignal.signal === "success" ? "medium" : "low", evidence: [`inferred: the agent reported ${lastSignal.signal === "submitted" ? "submitting" : "success"}${at(lastSignal.step)}: "${lastSignal.text}"${note}`] };
  if (!lastAction || failedSteps.has(lastAction.index)) return { isSuccess: false, confidence: "low", evidence: [`inferred: the last action failed${note}`] };
  const how = hadErrors ? "last action succeeded after errors" : "no errors and the last action succeeded";
  return { isSuccess: true, confidence: "low", evidence: [`inferred: ${how}${note}`] };
}

const at = (step: number | null) => (step === null ? " in its final answer" : ` at step ${step}`);

// Recovery sequences (paper §3.1.1 stage 4): an error, then either a successful retry of the same
// action or a successful alternative aimed at the same target. These become recovery tips, so
// matching stays strict: a retry must be the same tool/API (or the same shell program), and an
// alternative must share the failing step's app or one of its argument values.
import type { Step } from "../trajectory/schema";
import { actionOf, performs, type ActionRef } from "./actions";
import { describeChanges } from "./changes";
import type { FailedAction, Recovery } from "./schema";

/** A retry further away than this is a new use of the tool, not a fix of the failure. */
const RETRY_WINDOW = 10;
/** An alternative must come right after the failure. */
const ALTERNATIVE_WINDOW = 3;
/** Up to this gap every step between failure and fix is part of the fix (looking things up). */
const SHORT_GAP = 5;

export function findRecoveries(steps: Step[], failures: Map<number, FailedAction>): Recovery[] {
  const recoveries: Recovery[] = [];
  const handled = new Set<number>();
  for (const [index, failure] of failures) {
    // Only the agent's own actions can be recovered; a failed user/system turn is context, not a lesson.
    if (handled.has(index) || failure.kind === "interrupted" || !isAgentAction(steps[index]!)) continue;
    const failed = actionOf(steps[index]!);
    const attempts = [index];
    let fixIndex = failed.isExecutable ? findRetry(steps, failures, failed, attempts) : null;
    const kind = fixIndex === null ? "alternative" : "retry";
    fixIndex ??= findAlternative(steps, failures, attempts.at(-1)!, failed);
    if (fixIndex === null) continue;
    for (const attempt of attempts) handled.add(attempt);
    const last = attempts.at(-1)!;
    recoveries.push({
      errorStep: index,
      failedSteps: attempts,
      fixSteps: [...intermediateSteps(steps, failures, last, fixIndex, failed), fixIndex],
      kind,
      actionKey: failed.key,
      action: failed.label,
      // The last attempt's error is the one the fix addressed.
      error: failures.get(last)?.error ?? failure.error,
      changes: describeChanges(steps, last, fixIndex),
    });
  }
  return recoveries;
}

/** The first later success of the same action; failed repeats on the way are appended to `attempts`. */
function findRetry(steps: Step[], failures: Map<number, FailedAction>, failed: ActionRef, attempts: number[]): number | null {
  for (let j = attempts[0]! + 1; j < steps.length && j - attempts.at(-1)! <= RETRY_WINDOW; j++) {
    if (!performs(actionOf(steps[j]!), failed.key)) continue;
    const failure = failures.get(j);
    if (!failure) return j;
    // A user rejecting the retry says nothing about whether it would have worked.
    if (failure.kind !== "interrupted") attempts.push(j);
  }
  return null;
}

function findAlternative(steps: Step[], failures: Map<number, FailedAction>, from: number, failed: ActionRef): number | null {
  for (let j = from + 1; j < steps.length && j - from <= ALTERNATIVE_WINDOW; j++) {
    const step = steps[j]!;
    if (failures.has(j) || !isAgentAction(step)) continue;
    // A rejected response (no tool) is fixed by the agent's next successful action, whatever it is.
    if (!failed.isExecutable || sharesTarget(failed, actionOf(step))) return j;
  }
  return null;
}

function intermediateSteps(steps: Step[], failures: Map<number, FailedAction>, last: number, fix: number, failed: ActionRef): number[] {
  const between: number[] = [];
  for (let k = last + 1; k < fix; k++) {
    if (failures.has(k) || !isAgentAction(steps[k]!)) continue;
    if (fix - last <= SHORT_GAP || sharesTarget(failed, actionOf(steps[k]!))) between.push(k);
  }
  return between;
}

/** Executed actions, and the agent's own replies; not user or system turns. */
function isAgentAction(step: Step): boolean {
  return step.kind === "tool_call" || step.kind === "code" || (step.kind === "message" && step.role === "assistant");
}

/** Same app, or an argument value of the failing call reused by the other action. */
export function sharesTarget(failed: ActionRef, other: ActionRef): boolean {
  if (!other.isExecutable) return false;
  if (failed.app !== null && failed.app === other.app) return true;
  return Object.values(failed.values).some((value) => value.trim().length >= 4 && other.text.includes(value));
}

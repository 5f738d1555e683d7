// Loops (the identical failing call made again) and dead ends (an action that kept failing and
// never worked later): the raw material for prevention tips.
import type { Step } from "../trajectory/schema";
import { actionOf } from "./actions";
import type { DeadEnd, FailedAction, FailureLoop, Recovery } from "./schema";

export function findLoops(steps: Step[], failures: FailedAction[]): FailureLoop[] {
  const groups = new Map<string, FailedAction[]>();
  for (const failure of failures) {
    const action = actionOf(steps[failure.step]!);
    // Repeating means re-running a tool or code; messages and interruptions are not calls.
    if (failure.kind === "interrupted" || !action.isExecutable) continue;
    // Identical = same action and the same arguments / code text.
    const identity = `${action.key}\u0000${action.text}`;
    addTo(groups, identity, failure);
  }
  return [...groups.values()]
    .filter((group) => group.length >= 2)
    .map((group) => ({
      actionKey: group[0]!.actionKey,
      action: group[0]!.action,
      steps: group.map((f) => f.step),
      error: group.at(-1)!.error,
    }));
}

const ANY_ACTION = "\u0000any";

function addTo<T>(groups: Map<string, T[]>, key: string, item: T): void {
  const group = groups.get(key);
  if (group) group.push(item);
  else groups.set(key, [item]);
}

/** Index of each action's last successful step (what `performs` would match), in one pass. */
function lastSuccessByAction(steps: Step[], failed: Set<number>): Map<string, number> {
  const last = new Map<string, number>();
  steps.forEach((step, index) => {
    const action = actionOf(step);
    if (failed.has(index)) return;
    // A reply from the agent (e.g. a final answer) is progress too: the run did not stop at the error.
    if (step.kind === "message" && step.role === "assistant") last.set(ANY_ACTION, index);
    if (!action.isExecutable) return;
    for (const key of [action.key, ...action.calls.map((c) => c.key), ANY_ACTION]) last.set(key, index);
  });
  return last;
}

export function findDeadEnds(steps: Step[], failures: FailedAction[], recoveries: Recovery[]): DeadEnd[] {
  const recovered = new Set(recoveries.flatMap((r) => r.failedSteps));
  const groups = new Map<string, FailedAction[]>();
  for (const failure of failures) {
    if (failure.kind === "interrupted" || recovered.has(failure.step) || !actionOf(steps[failure.step]!).isExecutable) continue;
    addTo(groups, failure.actionKey, failure);
  }
  const failed = new Set(failures.map((f) => f.step));
  const lastSuccess = lastSuccessByAction(steps, failed);
  const deadEnds: DeadEnd[] = [];
  for (const group of groups.values()) {
    const key = group[0]!.actionKey;
    // Only the failures after the action's last success never worked out.
    const stuck = group.filter((f) => f.step > (lastSuccess.get(key) ?? -1));
    const last = stuck.at(-1);
    if (!last) continue;
    deadEnds.push({
      actionKey: key,
      action: last.action,
      steps: stuck.map((f) => f.step),
      error: last.error,
      isTerminal: last.step > (lastSuccess.get(ANY_ACTION) ?? -1),
    });
  }
  return deadEnds;
}

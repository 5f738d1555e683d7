// Prevention tips from failures that were never fixed: the identical call repeated (a loop) or
// an action that kept failing to the end (a dead end). Without a model the cause is unknown, so
// the tip teaches the behaviour that was missing: read the error, fix the input, or change course.
import type { DeadEnd, FailureLoop } from "../../analysis/schema";
import { maskText } from "./mask";
import type { OfflineTip } from "./schema";
import { applicationFor, maskFor, offlineTipBase, quoteError, type TipContext } from "./tip-context";

/** A dead end is worth a tip when it repeated, ended the run, or the run failed. */
export function preventionTip(context: TipContext, deadEnd: DeadEnd): OfflineTip | null {
  const loop = context.analysis.loops.find((l) => l.actionKey === deadEnd.actionKey && l.steps.some((s) => deadEnd.steps.includes(s)));
  const runFailed = context.analysis.outcome.category === "failure";
  if (!loop && deadEnd.steps.length < 2 && !deadEnd.isTerminal && !runFailed) return null;
  return loop ? loopTip(context, deadEnd, loop, runFailed) : deadEndTip(context, deadEnd, runFailed);
}

function loopTip(context: TipContext, deadEnd: DeadEnd, loop: FailureLoop, runFailed: boolean): OfflineTip {
  const last = loop.steps.at(-1)!;
  const mask = maskFor(context, last);
  const error = quoteError(loop.error, mask);
  const label = loop.action;
  return {
    category: "recovery",
    content: `When ${label} fails with "${error.full}", do not send the identical call again: change the argument or precondition the error points to, or switch approach.`,
    purpose: `In the source run the identical ${label} call failed ${loop.steps.length} times in a row${deadEnd.isTerminal ? " and the run never got past it" : ""}; repeating a failing call wastes steps without new information.`,
    steps: [
      `Read the "${error.short}" error from ${label} and identify which argument or precondition it names.`,
      `Fix that input (check the tool's documentation or list the valid values) before calling ${label} again.`,
      `If the corrected call fails the same way, switch to a different approach instead of retrying.`,
    ],
    trigger: `When ${label} fails with an error like "${error.short}"`,
    negativeExample: `Do not call ${label} again with identical arguments after "${error.short}".`,
    application: applicationFor(context, last),
    // A loop that ended the run blocked the task outright.
    priority: deadEnd.isTerminal && loop.steps.length >= 3 ? "critical" : deadEnd.isTerminal || runFailed ? "high" : "medium",
    provenance: [{ stepStart: loop.steps[0]!, stepEnd: last }],
    evidence: maskText(`Steps ${loop.steps.join(", ")}: identical ${label} call failed each time with "${error.full}"; it never succeeded later.`, mask, 400),
    ...offlineTipBase(context),
  };
}

function deadEndTip(context: TipContext, deadEnd: DeadEnd, runFailed: boolean): OfflineTip {
  const last = deadEnd.steps.at(-1)!;
  const mask = maskFor(context, last);
  const error = quoteError(deadEnd.error, mask);
  const label = deadEnd.action;
  const attempts = deadEnd.steps.length;
  return {
    category: "recovery",
    content: `When ${label} fails with "${error.full}", address the cause the error names before calling ${label} again; in the source run further attempts never succeeded.`,
    purpose: `${label} failed ${attempts === 1 ? "once" : `${attempts} times`} in the source run and never worked afterwards${deadEnd.isTerminal ? "; the run stopped making progress there" : ""}.`,
    steps: [
      `Read the "${error.short}" error from ${label} and identify the argument, permission or precondition it names.`,
      `Satisfy that precondition or correct the input (check the tool's documentation) before the next ${label} call.`,
      `If it still fails, try a different tool or approach for the same goal and report the blocker if none works.`,
    ],
    trigger: `When ${label} fails with an error like "${error.short}"`,
    negativeExample: `Do not keep calling ${label} after "${error.short}" without changing anything.`,
    application: applicationFor(context, last),
    priority: deadEnd.isTerminal || runFailed ? "high" : "medium",
    provenance: [{ stepStart: deadEnd.steps[0]!, stepEnd: last }],
    evidence: maskText(`Step${attempts > 1 ? "s" : ""} ${deadEnd.steps.join(", ")}: ${label} failed with "${error.full}" and never succeeded later${deadEnd.isTerminal ? " (no successful action afterwards)" : ""}.`, mask, 400),
    ...offlineTipBase(context),
  };
}

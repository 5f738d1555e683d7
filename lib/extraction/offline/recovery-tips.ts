// Recovery tips from recovery sequences: "When X fails with E, do what fixed it, then retry X".
// Everything quoted comes from the analysis (tool names, masked error text); nothing is copied
// from observations beyond the sanitized error snippet.
import { describeChange } from "../../analysis/hints";
import type { ActionChange, Recovery } from "../../analysis/schema";
import { maskText, type MaskContext } from "./mask";
import type { OfflineTip } from "./schema";
import { actionAt, applicationFor, joinAnd, maskFor, offlineTipBase, quoteError, unique, type TipContext } from "./tip-context";

// Code cells with no recognizable call are keyed by language: "python failed, python worked" teaches nothing.
const GENERIC_CODE_KEYS = new Set(["python", "code", "bash", "sh", "shell"]);
/** More preparation calls than this reads as a transcript, not a tip. */
const MAX_PREP = 3;

export function recoveryTip(context: TipContext, recovery: Recovery): OfflineTip | null {
  const lastFailed = recovery.failedSteps.at(-1)!;
  const fixIndex = recovery.fixSteps.at(-1)!;
  const lineChanges = recovery.changes.filter((c) => c.kind === "line_added");
  if (GENERIC_CODE_KEYS.has(recovery.actionKey) && lineChanges.length === 0) return null;
  const mask = maskFor(context, lastFailed);
  const error = quoteError(recovery.error, mask);
  const label = recovery.action;
  const fixLabel = actionAt(context, fixIndex).label;
  const prep = preparationCalls(context, recovery);
  const how = retryPhrase(context, recovery, mask, prep.at(-1));
  const isResponse = !actionAt(context, lastFailed).isExecutable;
  const wording = phrase({ label, fixLabel, error, prep, how, isResponse, kind: recovery.kind, attempts: recovery.failedSteps.length });
  const stepEnd = Math.max(...recovery.fixSteps);
  return {
    category: "recovery",
    content: wording.content,
    purpose: wording.purpose,
    steps: [
      isResponse ? `Recognize the "${error.short}" rejection of the response.` : `Recognize the "${error.short}" error from ${label}.`,
      ...prep.map((name) => `Call ${name}${sourcedFrom(recovery.changes, context, name)}.`),
      wording.finalStep,
    ],
    trigger: isResponse ? `When a response is rejected with an error like "${error.short}"` : `When ${label} fails with an error like "${error.short}"`,
    negativeExample: wording.negativeExample,
    application: applicationFor(context, lastFailed),
    // Several failed attempts before the fix cost a lot: worth more than a one-off.
    priority: recovery.failedSteps.length >= 3 ? "high" : "medium",
    provenance: [{ stepStart: recovery.errorStep, stepEnd }],
    evidence: maskText(
      `Steps ${recovery.errorStep}–${stepEnd}: ${label} failed at step${recovery.failedSteps.length > 1 ? "s" : ""} ${recovery.failedSteps.join(", ")} with "${error.full}"; ` +
        `it worked at step ${fixIndex} (${recovery.changes.map(describeChange).join(", ") || "plain retry"}).`,
      mask,
      400,
    ),
    ...offlineTipBase(context),
  };
}

/**
 * Calls to make before the retry: the fix's lookups and any call the fixed cell added. Beyond
 * MAX_PREP, those that fed a value into the retry or share its app are the ones worth teaching.
 */
function preparationCalls(context: TipContext, recovery: Recovery): string[] {
  const failed = actionAt(context, recovery.failedSteps.at(-1)!);
  const lookups = recovery.fixSteps.slice(0, -1).filter((i) => actionAt(context, i).isExecutable && actionAt(context, i).key !== recovery.actionKey);
  const added = recovery.changes.filter((c) => c.kind === "call_added").map((c) => c.name);
  const all = unique([...lookups.map((i) => actionAt(context, i).label), ...added]);
  if (all.length <= MAX_PREP) return all;
  const sources = new Set(recovery.changes.map((c) => c.sourceStep));
  const relevant = new Set([
    ...added,
    ...lookups.filter((i) => sources.has(i) || (failed.app !== null && actionAt(context, i).app === failed.app)).map((i) => actionAt(context, i).label),
  ]);
  return all.filter((label) => relevant.has(label)).slice(0, MAX_PREP);
}

interface Phrasing {
  label: string;
  fixLabel: string;
  error: { full: string; short: string };
  prep: string[];
  how: string | null;
  isResponse: boolean;
  kind: Recovery["kind"];
  attempts: number;
}

/** The sentences of a recovery tip for its three shapes: a rejected response, an alternative, a retry. */
function phrase(p: Phrasing): Pick<OfflineTip, "content" | "purpose" | "negativeExample"> & { finalStep: string } {
  const before = p.prep.length ? `call ${joinAnd(p.prep)}, then ` : "";
  const calledFirst = p.prep.length ? `called ${joinAnd(p.prep)} and ` : "";
  const tries = p.attempts > 1 ? ` (the source run failed ${p.attempts} times before fixing it)` : "";
  if (p.isResponse) {
    return {
      content: `When the agent's response is rejected with "${p.error.full}", resend the intended action in exactly the format the error asks for; the source run continued with ${p.fixLabel}.`,
      purpose: `A malformed response is rejected before any action runs; the source run only progressed once it resent the action in the expected format.`,
      finalStep: `Resend the action (here ${p.fixLabel}) in the required format, with nothing the error complains about.`,
      negativeExample: `Do not repeat the same response format after "${p.error.short}".`,
    };
  }
  if (p.kind === "alternative") {
    return {
      content: `When ${p.label} fails with "${p.error.full}", ${before}switch to ${p.fixLabel} instead of retrying ${p.label} unchanged.`,
      purpose: `${p.label} failed this way in the source run, which then ${calledFirst}reached the goal with ${p.fixLabel}.`,
      finalStep: `Call ${p.fixLabel} instead of repeating ${p.label}.`,
      negativeExample: `Do not repeat ${p.label} unchanged after "${p.error.short}"${tries}.`,
    };
  }
  if (p.how === null && p.prep.length === 0) {
    return {
      content: `When ${p.label} fails with "${p.error.full}", retry it once unchanged before changing approach: the identical call succeeded on retry in the source run.`,
      purpose: `The error was transient in the source run; one retry recovered without other changes.`,
      finalStep: `Retry ${p.label} once with the same arguments; change approach only if it fails again.`,
      negativeExample: `Do not abandon ${p.label} after a single "${p.error.short}" error.`,
    };
  }
  const retry = `retry ${p.label}${p.how ? ` ${p.how}` : ""}`;
  return {
    content: `When ${p.label} fails with "${p.error.full}", ${before}${retry}.`,
    purpose: `${p.label} failed this way in the source run and worked once the agent ${calledFirst}retried it${p.how ? ` ${p.how}` : ""}; fixing the cause first saves failed calls.`,
    finalStep: `${retry[0]!.toUpperCase()}${retry.slice(1)}.`,
    negativeExample: `Do not retry ${p.label} unchanged after "${p.error.short}"${tries}.`,
  };
}

/** "passing access_token instead of token", "with api_name taken from the output of X", … */
function retryPhrase(context: TipContext, recovery: Recovery, mask: MaskContext, lastPrep: string | undefined): string | null {
  const added = recovery.changes.filter((c) => c.kind === "arg_added").map((c) => c.name);
  const removed = recovery.changes.filter((c) => c.kind === "arg_removed").map((c) => c.name);
  const parts: string[] = [];
  if (added.length) parts.push(`passing ${joinAnd(added)}${removed.length ? ` instead of ${joinAnd(removed)}` : ""}`);
  else if (removed.length) parts.push(`without ${joinAnd(removed)}`);
  for (const change of recovery.changes.filter((c) => c.kind === "arg_changed")) parts.push(changedArgPhrase(context, recovery, change, mask, lastPrep));
  const lines = recovery.changes.filter((c) => c.kind === "line_added").slice(0, 2);
  if (lines.length) parts.push(`adding ${lines.map((l) => `'${maskText(l.name, mask, 60)}'`).join(" and ")}`);
  return parts.length ? parts.join(", ") : null;
}

function changedArgPhrase(context: TipContext, recovery: Recovery, change: ActionChange, mask: MaskContext, lastPrep: string | undefined): string {
  if (change.detail === "whitespace only") return `with ${change.name} re-indented to match the surrounding code`;
  if (change.sourceStep !== null) {
    if (recovery.failedSteps.includes(change.sourceStep)) return `with ${change.name} taken from the suggestions in the error`;
    const source = actionAt(context, change.sourceStep).label;
    // Right after "call X, then retry …", "its output" is unambiguous and shorter.
    return `with ${change.name} taken from ${source === lastPrep ? "its" : `the output of ${source}`}${source === lastPrep ? " output" : ""}`;
  }
  const added = /words added: ([^;]+)/.exec(change.detail ?? "")?.[1];
  if (added) return `adding '${maskText(added, mask, 60)}' to ${change.name}`;
  return `with ${change.name} corrected`;
}

/** " and take api_name from its output" when a later argument value came from this call's output. */
function sourcedFrom(changes: ActionChange[], context: TipContext, name: string): string {
  const fed = changes.filter((c) => c.sourceStep !== null && actionAt(context, c.sourceStep).label === name).map((c) => c.name);
  return fed.length ? ` and take ${joinAnd(unique(fed))} from its output` : "";
}

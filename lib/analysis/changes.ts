// What changed between a failing call and the call that worked: the part of a recovery a tip
// must teach ("pass access_token", "add PYTHONPATH=src", "use a name from the API list").
import type { Step } from "../trajectory/schema";
import { actionOf, literalArgs, performs, type ActionRef } from "./actions";
import type { ActionChange } from "./schema";

const MAX_LINES = 3;
/** A word diff larger than this is a different command, not a tweak worth quoting. */
const MAX_WORD_DIFF = 2;
const MAX_LINE_CHARS = 80;
// Arguments holding a command line: their word-level diff is the fix ("PYTHONPATH=src").
const COMMAND_ARG = /^(?:cmd|command|commands|keystrokes|script|code|input)$/i;
// Arguments that describe or pace a call rather than shape it: a change there fixed nothing.
const COSMETIC_ARG = /^(?:description|narration|explanation|reason|thought|summary|title|timeout|duration|wait|run_in_background)$/i;

/**
 * @param steps the whole trajectory: values in the fix are traced back to the output (between the
 *   failing step and the fix) where the agent found them.
 */
export function describeChanges(steps: Step[], failedIndex: number, fixIndex: number): ActionChange[] {
  const failed = actionOf(steps[failedIndex]!);
  const fix = actionOf(steps[fixIndex]!);
  if (!failed.isExecutable || !performs(fix, failed.key)) {
    return [change("switched_action", fix.label)];
  }
  const trace = (value: string) => traceValue(steps, failedIndex, fixIndex, value, failed.text);
  const changes = [...callChanges(failed, fix), ...argChanges(failed, fix, trace)];
  if (failed.calls.length === 0 && fix.calls.length === 0 && steps[failedIndex]!.kind === "code") {
    // A one-line shell command is diffed like a command argument; a cell, line by line.
    const isOneLine = !failed.text.includes("\n") && !fix.text.includes("\n");
    if (isOneLine && failed.text !== fix.text) changes.push(changedArg("command", failed.text, fix.text, undefined, trace));
    else changes.push(...lineChanges(failed.text, fix.text));
  }
  return changes;
}

function change(kind: ActionChange["kind"], name: string, detail: string | null = null, sourceStep: number | null = null): ActionChange {
  return { kind, name, detail, sourceStep };
}

/** API calls a code cell added or dropped around the retried call (e.g. a login before it). */
function callChanges(failed: ActionRef, fix: ActionRef): ActionChange[] {
  const before = new Set(failed.calls.map((c) => c.key));
  const after = new Set(fix.calls.map((c) => c.key));
  return [
    ...[...after].filter((key) => !before.has(key)).map((key) => change("call_added", key)),
    ...[...before].filter((key) => !after.has(key)).map((key) => change("call_removed", key)),
  ];
}

function argChanges(failed: ActionRef, fix: ActionRef, trace: (value: string) => number | null): ActionChange[] {
  const fixCall = fix.calls.find((call) => call.key === failed.key);
  const before = failed.args;
  const after = fixCall ? fixCall.args : fix.args;
  const afterValues = fixCall ? literalArgs(fixCall.args) : fix.values;
  const changes: ActionChange[] = [];
  for (const name of Object.keys(after)) {
    if (COSMETIC_ARG.test(name)) continue;
    const value = afterValues[name];
    if (!(name in before)) changes.push(change("arg_added", name, null, value ? trace(value) : null));
    else if (before[name] !== after[name]) changes.push(changedArg(name, before[name]!, after[name]!, value, trace));
  }
  for (const name of Object.keys(before)) if (!(name in after) && !COSMETIC_ARG.test(name)) changes.push(change("arg_removed", name));
  return changes;
}

function changedArg(name: string, before: string, after: string, value: string | undefined, trace: (value: string) => number | null): ActionChange {
  if (before.replace(/\s+/g, "") === after.replace(/\s+/g, "")) return change("arg_changed", name, "whitespace only");
  const source = value ? trace(value) : null;
  if (source !== null || !COMMAND_ARG.test(name)) return change("arg_changed", name, null, source);
  const wordsBefore = new Set(before.split(/\s+/));
  const wordsAfter = new Set(after.split(/\s+/));
  const added = [...wordsAfter].filter((w) => w && !wordsBefore.has(w));
  const removed = [...wordsBefore].filter((w) => w && !wordsAfter.has(w));
  if (added.length > MAX_WORD_DIFF || removed.length > MAX_WORD_DIFF) return change("arg_changed", name);
  const detail = [added.length ? `words added: ${added.join(" ")}` : "", removed.length ? `words removed: ${removed.join(" ")}` : ""]
    .filter(Boolean)
    .join("; ");
  return change("arg_changed", name, detail || null);
}

/**
 * The latest step from the failure up to the fix whose output contains the new value: the agent
 * looked it up there. Short or already-used values prove nothing, so they are not traced.
 */
function traceValue(steps: Step[], failedIndex: number, fixIndex: number, value: string, failedText: string): number | null {
  if (value.trim().length < 4 || failedText.includes(value)) return null;
  for (let i = fixIndex - 1; i >= failedIndex; i--) {
    if (steps[i]!.observation?.includes(value)) return i;
  }
  return null;
}

function lineChanges(before: string, after: string): ActionChange[] {
  const linesBefore = new Set(before.split("\n").map((l) => l.trim()).filter(Boolean));
  const linesAfter = new Set(after.split("\n").map((l) => l.trim()).filter(Boolean));
  const clip = (line: string) => (line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS - 1)}…` : line);
  return [
    ...[...linesAfter].filter((l) => !linesBefore.has(l)).slice(0, MAX_LINES).map((l) => change("line_added", clip(l))),
    ...[...linesBefore].filter((l) => !linesAfter.has(l)).slice(0, MAX_LINES).map((l) => change("line_removed", clip(l))),
  ];
}

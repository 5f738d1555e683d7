// Repeated granular calls a bulk call could replace (paper §3.1.2 "inefficiency indicators"):
// ≥3 calls of one tool / API where only an id-like argument varies, or an API called per item in a
// code loop while a bulk-sounding sibling (…all…, bulk, batch, empty, list) is known.
import type { Step } from "../trajectory/schema";
import { actionOf, appOfCall } from "./actions";
import { literalValue } from "./code-calls";
import type { BulkOpportunity } from "./schema";

const MIN_CALLS = 3;
const BULK_WORDS = ["all", "bulk", "batch", "many", "empty", "list", "multiple"];
// Pagination parameters vary by design; paging is not a bulk opportunity.
const PAGINATION = /page|offset|cursor|limit|start|after|before/i;
const ID_NAME = /(?:^|_)(?:ids?|uuid|key|sku|email|number|no|idx)$|[a-z]Ids?$/;
const VERBS = new Set(["get", "set", "show", "list", "add", "remove", "delete", "create", "update", "fetch", "read", "write", "from", "to", "by", "all", "bulk", "batch", "many", "empty", "multiple", "of"]);

interface CallInstance {
  step: number;
  key: string;
  label: string;
  /** App bucket for sibling lookup; "" for plain tools. */
  app: string;
  name: string;
  args: Record<string, string>;
  loopVariable: string | null;
}

export function findBulkOpportunities(steps: Step[]): BulkOpportunity[] {
  const instances = steps.flatMap(callInstances);
  const known = knownNames(steps, instances);
  const groups = new Map<string, CallInstance[]>();
  for (const instance of instances) {
    const group = groups.get(instance.key);
    if (group) group.push(instance);
    else groups.set(instance.key, [instance]);
  }
  const found: BulkOpportunity[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const loopArg = group.map(loopArgument).find((arg) => arg !== null) ?? null;
    const varying = group.length >= MIN_CALLS ? idLikeVaryingArgument(group) : null;
    if (!varying && !loopArg) continue;
    const sibling = bulkSibling(first.name, known.get(first.app) ?? new Set());
    // A loop's iteration count is unknown: only worth a tip when a bulk call is known to exist.
    if (!varying && !sibling) continue;
    found.push({
      actionKey: first.key,
      action: first.label,
      steps: [...new Set(group.map((c) => c.step))],
      callCount: group.length,
      inCodeLoop: !varying,
      varyingArgument: varying ?? loopArg,
      bulkAlternative: sibling && first.key.startsWith("apis.") ? `apis.${first.app}.${sibling}` : sibling,
    });
  }
  return found;
}

function callInstances(step: Step): CallInstance[] {
  if (step.kind === "tool_call") {
    const action = actionOf(step);
    return [{ step: step.index, key: action.key, label: action.label, app: "", name: step.name, args: action.values, loopVariable: null }];
  }
  if (step.kind !== "code") return [];
  return actionOf(step).calls.map((call) => ({
    step: step.index,
    key: call.key,
    label: call.key,
    app: call.app,
    name: call.api,
    args: call.args,
    loopVariable: call.loopVariable,
  }));
}

/** The argument fed by the enclosing `for` loop's variable (`user_email=r["email"]`), if any. */
function loopArgument(call: CallInstance): string | null {
  if (!call.loopVariable) return null;
  const usesVariable = new RegExp(`\\b${call.loopVariable}\\b`);
  return Object.keys(call.args).find((name) => usesVariable.test(call.args[name]!)) ?? null;
}

/** The one argument that varies across calls, when its values look like ids. */
function idLikeVaryingArgument(group: CallInstance[]): string | null {
  const names = Object.keys(group[0]!.args).sort().join(",");
  if (group.some((c) => Object.keys(c.args).sort().join(",") !== names)) return null;
  const varying = Object.keys(group[0]!.args).filter((name) => new Set(group.map((c) => c.args[name])).size > 1);
  if (varying.length !== 1 || PAGINATION.test(varying[0]!)) return null;
  const name = varying[0]!;
  const isIdLike = (raw: string) => {
    const value = literalValue(raw) ?? raw;
    return ID_NAME.test(name) || /^-?\d+$/.test(value) || (/^[\w.@:-]{1,64}$/.test(value) && /\d/.test(value));
  };
  return group.every((c) => isIdLike(c.args[name]!)) ? name : null;
}

/** Tool and API names seen in the run or listed in its outputs (API docs), by app bucket. */
function knownNames(steps: Step[], instances: CallInstance[]): Map<string, Set<string>> {
  const known = new Map<string, Set<string>>();
  const add = (app: string, name: string) => known.set(app, (known.get(app) ?? new Set()).add(name));
  for (const instance of instances) add(instance.app, instance.name);
  for (const step of steps) {
    const output = step.observation ?? "";
    for (const match of output.matchAll(/\bapis\.(\w+)\.(\w+)/g)) add(match[1]!, match[2]!);
    // A docs listing belongs to the app it documents (app_name=…), or to the calling app.
    const action = actionOf(step);
    const call = action.calls.at(-1);
    const app = step.kind === "code" ? ((call ? appOfCall(call) : null) ?? "") : "";
    for (const match of output.matchAll(/["'](?:name|api_name|tool_name)["']\s*:\s*["']([A-Za-z_]\w*)["']/g)) add(app, match[1]!);
  }
  return known;
}

function bulkSibling(name: string, candidates: Set<string>): string | null {
  const nouns = new Set(tokens(name).filter((t) => !VERBS.has(t)).map(singular));
  const matches = [...candidates].filter((candidate) => {
    if (candidate === name) return false;
    const words = tokens(candidate);
    return words.some((w) => BULK_WORDS.includes(w)) && words.map(singular).some((w) => nouns.has(w));
  });
  // "all / bulk / batch / empty" say "many at once" more surely than "list".
  return matches.find((m) => !tokens(m).includes("list")) ?? matches[0] ?? null;
}

const tokens = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase().split(/[_\W]+/).filter(Boolean);
const singular = (word: string) => (word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word);

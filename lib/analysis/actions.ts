// What a step *did*, reduced to an identity that retries share: the tool name, the
// `apis.<app>.<api>` a code cell called, or the program a shell tool ran. Shell tools are keyed by
// program because "Bash succeeded later" says nothing about whether the failed `pytest` was fixed.
import type { Step } from "../trajectory/schema";
import { failingCodeLine, findApiCalls, literalValue, shellProgram, type CodeCall } from "./code-calls";

export interface ActionRef {
  /** Identity retries share: tool name, `<tool>:<program>` for shell tools, `apis.<app>.<api>`, `message:<role>`. */
  key: string;
  /** Display name: `exec_command (pytest)`, `apis.venmo.login`, `edit`. */
  label: string;
  /** The app / namespace the name reveals (`venmo`, `filesystem`), or null. */
  app: string | null;
  /** Named arguments as compact strings (source text for code calls). */
  args: Record<string, string>;
  /** Arguments that are literal data (not code expressions): what masking and value tracing use. */
  values: Record<string, string>;
  /** Every API call of a code step, in order. */
  calls: CodeCall[];
  /** Whole action text: exact repeats compare it. */
  text: string;
  /** False for messages and unknown steps: nothing was executed. */
  isExecutable: boolean;
}

// Argument names under which shell tools (Bash, exec_command, terminal keystrokes) carry the command.
const COMMAND_ARGS = ["command", "cmd", "keystrokes", "script", "commands"];
// First name segments that are verbs or generic tool families, never an application.
const NOT_APPS = new Set([
  "get", "set", "list", "read", "write", "create", "update", "delete", "remove", "add", "search", "find", "show",
  "run", "exec", "execute", "open", "edit", "mark", "send", "check", "fetch", "post", "put", "patch", "submit",
  "bash", "shell", "terminal", "python", "file", "str", "web", "browser", "text", "view", "make", "do",
  "apply", "call", "query", "wait", "go", "click", "type", "scroll", "navigate", "insert", "replace", "task", "final",
  "computer", "code", "tool", "api", "http", "request", "notebook", "think", "use", "load", "save", "start", "stop",
]);
// AppWorld's documentation app: its calls are about the app named in `app_name`.
const DOC_APPS = new Set(["api_docs"]);

// Every finder asks for the same steps' actions; parsing code cells once keeps long runs linear-ish.
const cache = new WeakMap<Step, ActionRef>();

export function actionOf(step: Step): ActionRef {
  let action = cache.get(step);
  if (!action) cache.set(step, (action = readAction(step)));
  return action;
}

function readAction(step: Step): ActionRef {
  switch (step.kind) {
    case "tool_call":
      return toolAction(step.name, step.arguments);
    case "code":
      return codeAction(step.code, step.language, step.isError ? failingCodeLine(step.observation) : null);
    case "message":
      return inert(`message:${step.role}`, step.role === "assistant" ? "the agent's response" : `${step.role} message`, step.text);
    default:
      return inert(`unknown:${step.sourceType ?? "step"}`, step.sourceType ?? "unknown step", "");
  }
}

/** A step that executed nothing (a message, an unknown record). */
function inert(key: string, label: string, text: string): ActionRef {
  return { key, label, app: null, args: {}, values: {}, calls: [], text, isExecutable: false };
}

function toolAction(name: string, rawArgs: unknown): ActionRef {
  const args = flattenArgs(rawArgs);
  const commandArg = COMMAND_ARGS.find((arg) => args[arg] !== undefined);
  const program = commandArg ? shellProgram(args[commandArg]!) : null;
  return {
    key: program ? `${name}:${program}` : name,
    label: program ? `${name} (${program})` : name,
    app: appOfToolName(name),
    args,
    values: args,
    calls: [],
    text: `${name} ${stableJson(rawArgs)}`,
    isExecutable: true,
  };
}

function codeAction(code: string, language: string | undefined, failingLine: number | null): ActionRef {
  const calls = findApiCalls(code);
  // The call the traceback points at is the one that failed; otherwise the cell's last call.
  const primary = calls.filter((c) => c.line === failingLine).at(-1) ?? calls.at(-1);
  if (primary) {
    const values = literalArgs(primary.args);
    return { key: primary.key, label: primary.key, app: appOfCall(primary), args: primary.args, values, calls, text: normalizeCode(code), isExecutable: true };
  }
  const program = language && /python/i.test(language) ? null : shellProgram(code);
  const key = program ?? language ?? "code";
  return { key, label: program ? `\`${program}\`` : key, app: null, args: {}, values: {}, calls, text: normalizeCode(code), isExecutable: true };
}

export function literalArgs(args: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, source] of Object.entries(args)) {
    const value = literalValue(source);
    if (value !== null) values[name] = value;
  }
  return values;
}

/** `venmo` for apis.venmo.x; for documentation lookups, the app being documented. */
export function appOfCall(call: CodeCall): string | null {
  if (DOC_APPS.has(call.app)) return literalValue(call.args.app_name ?? "") ?? null;
  return call.app;
}

/** `mcp__filesystem__read_text_file` → filesystem, `spotify_login` → spotify, `venmo.pay` → venmo. */
export function appOfToolName(name: string): string | null {
  const mcp = /^mcp__([^_]+(?:_[^_]+)*?)__/.exec(name);
  if (mcp) return mcp[1]!.toLowerCase();
  const segments = name.split(/[._]/).filter(Boolean);
  const first = segments[0]?.toLowerCase();
  if (!first || segments.length < 2 || NOT_APPS.has(first) || first.length < 3) return null;
  return first;
}

export function flattenArgs(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) return { input: typeof raw === "string" ? raw : JSON.stringify(raw) };
  const args: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    args[key] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return args;
}

/** JSON with sorted keys, so {a,b} and {b,a} compare equal. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "";
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
}

const normalizeCode = (code: string) => code.replace(/[ \t]+$/gm, "").trim();

/** Whether the step performed this action: same key, or a code cell calling that API. */
export function performs(action: ActionRef, key: string): boolean {
  return action.key === key || action.calls.some((call) => call.key === key);
}

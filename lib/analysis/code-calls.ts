// Reads the actions inside code steps: `apis.<app>.<api>(kw=…)` calls (AppWorld-style agents write
// their tool use as Python) and the program a shell command runs. Text heuristics, never execution.
import { splitPythonArguments } from "../trajectory/normalize/python-arguments";

/** One `apis.<app>.<api>(…)` call in a code cell. */
export interface CodeCall {
  /** `apis.<app>.<api>`. */
  key: string;
  app: string;
  api: string;
  /** Keyword arguments as written (source text); positional ones as arg0, arg1… */
  args: Record<string, string>;
  /** 1-based line of the call in the cell (tracebacks cite it). */
  line: number;
  /** Set when the call sits in the body of a `for` loop; the loop variable. */
  loopVariable: string | null;
}

const API_CALL = /\bapis\.([A-Za-z_]\w*)\.([A-Za-z_]\w*)\s*\(/g;

export function findApiCalls(code: string): CodeCall[] {
  const calls: CodeCall[] = [];
  for (const match of code.matchAll(API_CALL)) {
    const start = match.index + match[0].length;
    const line = code.slice(0, match.index).split("\n").length;
    calls.push({
      key: `apis.${match[1]}.${match[2]}`,
      app: match[1]!,
      api: match[2]!,
      args: splitCallArguments(code.slice(start)),
      line,
      loopVariable: enclosingForLoop(code, line),
    });
  }
  return calls;
}

/** Top-level arguments as one record: keyword arguments by name, positional ones as arg0, arg1… */
export function splitCallArguments(source: string): Record<string, string> {
  const { named, positional } = splitPythonArguments(source);
  const args: Record<string, string> = { ...named };
  positional.filter((part) => !part.startsWith("**")).forEach((part, index) => (args[`arg${index}`] = part));
  return args;
}

/** The data in a literal argument ("'abc'" → abc, "42" → 42); null for an expression such as `token`. */
export function literalValue(source: string): string | null {
  const literal = /^[rRuUbB]?(["'])([\s\S]*)\1$/.exec(source);
  if (literal) return literal[2]!;
  return /^-?\d+(?:\.\d+)?$/.test(source) ? source : null;
}

/** The variable of the innermost `for` loop whose indented body contains this line, if any. */
function enclosingForLoop(code: string, line: number): string | null {
  const lines = code.split("\n");
  const target = lines[line - 1] ?? "";
  let indent = leadingSpaces(target);
  for (let i = line - 2; i >= 0 && indent > 0; i--) {
    const text = lines[i]!;
    if (text.trim() === "") continue;
    const lineIndent = leadingSpaces(text);
    if (lineIndent >= indent) continue;
    const loop = /^\s*for\s+\(?([A-Za-z_]\w*)/.exec(text);
    if (loop) return loop[1]!;
    indent = lineIndent;
  }
  return null;
}

const leadingSpaces = (text: string) => text.length - text.trimStart().length;

/** The traceback's line for code typed into a REPL / cell (`File "<python-input>", line 3`). */
export function failingCodeLine(observation: string | undefined): number | null {
  if (!observation) return null;
  const lines = [...observation.matchAll(/File "<[^>"]*>", line (\d+)/g)];
  const last = lines.at(-1);
  return last ? Number(last[1]) : null;
}

// Commands that only set up the real one (cd, env assignments, sudo) do not say what ran.
const WRAPPERS = new Set(["cd", "sudo", "env", "export", "time", "nohup", "source", "."]);

/** The program a shell command runs ("PYTHONPATH=src pytest -q" → "pytest"), or null. */
export function shellProgram(command: string): string | null {
  for (const segment of command.split(/&&|\|\||;|\n/)) {
    const words = segment.trim().split(/\s+/).filter((w) => w && !/^[A-Za-z_]\w*=/.test(w));
    const first = words[0];
    if (!first || WRAPPERS.has(first)) continue;
    const program = first.replace(/^.*\//, "").replace(/["'`]/g, "");
    if (/^[\w.+-]+$/.test(program)) return program;
  }
  return null;
}

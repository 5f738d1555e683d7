// Code-acting agents (AppWorld's ReAct agent and its kin) put the action in a ```python fence of
// the assistant text and get the REPL output back as a user turn "Output:\n```\n…\n```".

const FENCE = /```([\w+-]*)[^\S\n]*\n([\s\S]*?)```/g;
const CODE_LANGUAGES = new Set(["python", "py", "python3", "ipython", "bash", "sh", "shell"]);
const RESULT_PREFIX = /^\s*(?:Output|Observation|Execution (?:output|result))\s*:/i;

export interface CodeAction {
  language: string;
  code: string;
  /** The prose around the fences (before, between and after), trimmed. */
  thought: string;
}

/** The executable fences of an assistant text joined as one cell, or undefined when it has none. */
export function extractCodeAction(text: string): CodeAction | undefined {
  const blocks: string[] = [];
  const prose: string[] = [];
  let language: string | undefined;
  let cursor = 0;
  for (const match of text.matchAll(FENCE)) {
    const tag = (match[1] ?? "").toLowerCase();
    if (!CODE_LANGUAGES.has(tag)) continue;
    language ??= tag === "py" || tag === "python3" || tag === "ipython" ? "python" : tag;
    prose.push(text.slice(cursor, match.index));
    blocks.push((match[2] ?? "").replace(/\n$/, ""));
    cursor = match.index + match[0].length;
  }
  if (!language) return undefined;
  prose.push(text.slice(cursor));
  const thought = prose.map((part) => part.trim()).filter(Boolean).join("\n\n");
  return { language, code: blocks.join("\n\n"), thought };
}

/** True for a user turn that carries execution output ("Output: …"). */
export function isExecutionResult(text: string): boolean {
  return RESULT_PREFIX.test(text);
}

/** The output without its "Output:" label and, when the rest is one bare fence, without the fence. */
export function unwrapExecutionResult(text: string): string {
  const body = text.replace(RESULT_PREFIX, "").trim();
  const fenced = /^```[^\n]*\n([\s\S]*?)\n?```$/.exec(body);
  return fenced && !fenced[1]!.includes("```") ? fenced[1]! : body;
}

/** The most telling line of a failed run: the last "SomeError: …" / "Exception: …" line (Python puts it last). */
export function lastExceptionLine(text: string): string | undefined {
  const lines = text.split("\n").filter((line) => /^\s*(?:[A-Z]\w*)?(?:Error|Exception)\b[^\n]*:/.test(line));
  return lines.at(-1)?.trim().slice(0, 500);
}

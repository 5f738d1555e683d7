// Heuristics for "this observation is an error" where a format has no error flag.
// Deliberately conservative: a false positive marks a good step red in the viewer and misleads
// the analysis; formats with a real signal (is_error, exit codes, status) must use that instead.

const ERROR_PATTERNS: RegExp[] = [
  /^\s*Traceback \(most recent call last\)/m,
  /^\s*Execution failed/m,
  /^\s*(?:[A-Z]\w*)?(?:Error|Exception)(?:\s*\[\d+\])?:\s/m,
  /\bResponse status code is [45]\d\d\b/,
  /\bstatus(?:[ _]code)?["']?\s*[:=]\s*["']?[45]\d\d\b/i,
  /^\s*error:\s/im,
  /\bcommand not found\b/,
  /\bNo such file or directory\b/,
  /\bPermission denied\b/,
];

const EXCEPTION_LINE = /^\s*(?:[A-Za-z_][\w.]*)?(?:Error|Exception)\b[^\n]*:/;

/** The error line of an observation if it looks like a failure, else undefined. */
export function detectErrorText(text: string | undefined): string | undefined {
  if (!text) return undefined;
  // A Python traceback names the error on its LAST exception line, not on "Traceback (…):".
  if (/Traceback \(most recent call last\)|^\s*Execution failed/m.test(text)) {
    const last = text.split("\n").filter((line) => EXCEPTION_LINE.test(line)).at(-1);
    if (last) return last.trim().slice(0, 500);
  }
  for (const pattern of ERROR_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const lineStart = text.lastIndexOf("\n", match.index) + 1;
    const lineEnd = text.indexOf("\n", match.index);
    return text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim().slice(0, 500) || match[0].trim();
  }
  return undefined;
}

/** Error flag and message for a command result with an exit code. */
export function errorFromExitCode(exitCode: unknown, output?: string): { isError: boolean; errorMessage?: string } {
  const code = typeof exitCode === "string" ? Number(exitCode) : exitCode;
  if (typeof code !== "number" || Number.isNaN(code) || code === 0) return { isError: false };
  const lastLine = output?.trim().split("\n").at(-1)?.slice(0, 500);
  return { isError: true, errorMessage: `exit code ${code}${lastLine ? `: ${lastLine}` : ""}` };
}

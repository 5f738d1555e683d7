// Is a step a failed action, and what was the error in a few words? Uses the step's error flag
// first; for steps an importer did not flag, only strong signals count (HTTP ≥ 400, non-zero exit
// codes, tracebacks) because a false positive would invent recoveries that never happened.
import { detectErrorText } from "../trajectory/normalize/errors";
import type { Step } from "../trajectory/schema";
import type { FailedAction } from "./schema";

export type FailureInfo = Pick<FailedAction, "kind" | "error" | "httpStatus" | "exitCode">;

const MAX_ERROR_CHARS = 160;
const INTERRUPTED = /interrupted by (?:the )?user|rejected by the user|tool use was rejected|doesn't want to proceed/i;
const HTTP_PATTERNS = [
  /Response status code is (\d{3})/,
  /\bHTTP\/\d(?:\.\d)?\s+(\d{3})\b/,
  /["']?status(?:_code|Code| code)?["']?\s*[:=]\s*["']?(\d{3})\b/i,
];
// "Error 422: …" is only trusted on a step already flagged as an error (prose mentions codes too).
const FLAGGED_HTTP_PATTERNS = [...HTTP_PATTERNS, /\b(?:error|status code)\s*:?\s*(\d{3})\b/i];
const EXIT_PATTERNS = [
  /<returncode>\s*(-?\d+)\s*<\/returncode>/,
  /\bexit(?:ed)?(?: with)?(?: status| code)\s*:?\s*(-?\d+)/i,
  /["']?exit_?code["']?\s*[:=]\s*(-?\d+)/i,
  /\breturn_?code\s*[:=]\s*(-?\d+)/i,
];
const EXCEPTION = /\b([A-Z]\w*(?:Error|Exception))(?:\s*\[\d+\])?: ([^\n]+)/g;
const JSON_MESSAGE = /["'](?:message|detail|error|error_message)["']\s*:\s*"((?:[^"\\]|\\.)*)"/;

export function detectFailure(step: Step): FailureInfo | null {
  const flagged = step.isError;
  const observation = step.observation ?? "";
  const text = [step.errorMessage, observation].filter(Boolean).join("\n");
  if (flagged && INTERRUPTED.test(text)) return info("interrupted", firstLine(step.errorMessage ?? text), null, null);
  const httpStatus = findNumber(flagged ? FLAGGED_HTTP_PATTERNS : HTTP_PATTERNS, text, (n) => n >= 400 && n < 600);
  const exitCode = findNumber(EXIT_PATTERNS, text, (n) => n !== 0);
  const exception = exceptionLine(step.errorMessage, observation);
  if (httpStatus !== null) return info("http_status", `${httpStatus}: ${httpMessage(text, httpStatus)}`, httpStatus, null);
  if (exitCode !== null && (flagged || EXIT_PATTERNS.some((p) => p.test(observation)))) {
    const detail = exception ?? stripPrefixes(step.errorMessage ?? lastLine(observation)).replace(/^exit code -?\d+:?\s*/i, "");
    return info("exit_code", `exit code ${exitCode}${detail ? `: ${detail}` : ""}`, null, exitCode);
  }
  if (exception && (flagged || detectErrorText(observation))) return info("exception", exception, null, null);
  if (flagged) return info("error_flag", stripPrefixes(step.errorMessage ?? firstLine(observation)) || "error", null, null);
  const detected = detectErrorText(observation);
  return detected ? info("error_text", stripPrefixes(detected), null, null) : null;
}

function info(kind: FailureInfo["kind"], error: string, httpStatus: number | null, exitCode: number | null): FailureInfo {
  return { kind, error: clip(error), httpStatus, exitCode };
}

function findNumber(patterns: RegExp[], text: string, accept: (n: number) => boolean): number | null {
  for (const pattern of patterns) {
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      if (accept(Number(match[1]))) return Number(match[1]);
    }
  }
  return null;
}

/** The server's message: a JSON "message"/"detail" field, else the text after the status. */
function httpMessage(text: string, status: number): string {
  const json = JSON_MESSAGE.exec(text.slice(text.indexOf(String(status))));
  if (json) return unescapeJson(json[1]!);
  const after = new RegExp(`${status}\\b[:\\s-]*([^\\n]*)`).exec(text)?.[1]?.trim();
  return after ? stripPrefixes(after) : "request failed";
}

/** The error's own line: first in the error message, else the last in a traceback. */
function exceptionLine(errorMessage: string | undefined, observation: string): string | null {
  const fromMessage = errorMessage ? [...errorMessage.matchAll(EXCEPTION)][0] : undefined;
  const match = fromMessage ?? [...observation.matchAll(EXCEPTION)].at(-1);
  if (!match || (match[1] === "Exception" && /status code/i.test(match[2]!))) return null;
  return `${match[1]}: ${match[2]!.trim()}`;
}

// Wrappers that say "an error happened" before saying which one.
const PREFIXES = [/^error executing tool [\w.-]+:\s*/i, /^execution failed\.?\s*/i, /^(?:error|fatal|failed):\s*/i, /^previous response had parsing errors:\s*/i];

function stripPrefixes(text: string): string {
  let result = collapse(text);
  // "…parsing errors: ERROR: Missing required fields…": the detail follows the last ERROR: marker.
  const marker = /\bERROR:\s*(.{10,})$/.exec(result);
  if (marker) result = marker[1]!;
  for (const prefix of PREFIXES) result = result.replace(prefix, "");
  return result.trim();
}

function unescapeJson(text: string): string {
  try {
    return collapse(JSON.parse(`"${text}"`) as string);
  } catch {
    return collapse(text);
  }
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const firstLine = (text: string) => text.split("\n").find((l) => l.trim())?.trim() ?? "";
const lastLine = (text: string) => text.split("\n").filter((l) => l.trim()).at(-1)?.trim() ?? "";
const clip = (text: string) => (text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text);

// Turns decoded text into a SourceDocument: one JSON value, JSON Lines, or plain text, so each
// format's detect() can look at parsed structure without parsing again.
import type { JsonlLine, SourceDocument } from "./formats/types";

/** At most this many non-JSON lines are tolerated in a JSONL file (e.g. a truncated last line). */
const MAX_BAD_JSONL_LINES = 1;

export function toSourceDocument(fileName: string, text: string): SourceDocument {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    let jsonError: SourceDocument["jsonError"];
    try {
      return { fileName, text, json: JSON.parse(text) };
    } catch (error) {
      jsonError = describeJsonError(text, error as Error);
    }
    const jsonl = parseJsonl(text);
    if (jsonl) return { fileName, text, jsonl };
    return { fileName, text, jsonError };
  }
  return { fileName, text };
}

/** JSON.parse's message with the line and column of its "position N", for a user-facing error. */
function describeJsonError(text: string, error: Error): NonNullable<SourceDocument["jsonError"]> {
  const position = /position (\d+)/.exec(error.message)?.[1];
  if (position === undefined) {
    return /end of JSON input/i.test(error.message)
      ? { message: "the JSON ends early (truncated file?)", line: text.split("\n").length }
      : { message: error.message };
  }
  const before = text.slice(0, Number(position));
  const line = before.split("\n").length;
  const column = Number(position) - before.lastIndexOf("\n");
  return { message: error.message.replace(/\s*(?:at|in JSON at) position \d+.*$/s, ""), line, column };
}

/** Parsed lines, or null when the text is not JSONL (more than one bad line, or fewer than one good one). */
export function parseJsonl(text: string): JsonlLine[] | null {
  const lines: JsonlLine[] = [];
  let bad = 0;
  let lineNumber = 0;
  for (const raw of text.split("\n")) {
    lineNumber++;
    const line = raw.trim();
    if (line === "") continue;
    try {
      lines.push({ line: lineNumber, value: JSON.parse(line) });
    } catch {
      if (++bad > MAX_BAD_JSONL_LINES) return null;
    }
  }
  return lines.length > 0 ? lines : null;
}

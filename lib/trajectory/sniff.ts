// Turns decoded text into a SourceDocument: one JSON value, JSON Lines, or plain text, so each
// format's detect() can look at parsed structure without parsing again.
import type { JsonlLine, SourceDocument } from "./formats/types";

/** At most this many non-JSON lines are tolerated in a JSONL file (e.g. a truncated last line). */
const MAX_BAD_JSONL_LINES = 1;

export function toSourceDocument(fileName: string, text: string): SourceDocument {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return { fileName, text, json: JSON.parse(text) };
    } catch {
      // Not one document: maybe JSON Lines.
    }
    const jsonl = parseJsonl(text);
    if (jsonl) return { fileName, text, jsonl };
  }
  return { fileName, text };
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

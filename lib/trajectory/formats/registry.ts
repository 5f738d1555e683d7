// Every import format, and the detection that picks one for a document.
import { debriefFormat } from "./debrief";
import type { FormatParser, SourceDocument } from "./types";

export const FORMAT_PARSERS: readonly FormatParser[] = [debriefFormat];

/** Below this confidence no format claims a document. */
export const MIN_DETECT_SCORE = 0.3;

export function getFormatParser(id: string): FormatParser | undefined {
  return FORMAT_PARSERS.find((parser) => parser.id === id);
}

export interface DetectedFormat {
  parser: FormatParser;
  score: number;
}

/** All formats that claim the document, most confident first. */
export function detectFormats(doc: SourceDocument, parsers: readonly FormatParser[] = FORMAT_PARSERS): DetectedFormat[] {
  return parsers
    .map((parser) => ({ parser, score: safeDetect(parser, doc) }))
    .filter((candidate) => candidate.score >= MIN_DETECT_SCORE)
    .sort((a, b) => b.score - a.score);
}

function safeDetect(parser: FormatParser, doc: SourceDocument): number {
  try {
    const score = parser.detect(doc);
    return Number.isFinite(score) ? Math.max(0, Math.min(1, score)) : 0;
  } catch {
    return 0; // a detector bug must not break detection for every other format
  }
}

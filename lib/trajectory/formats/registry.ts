// Every import format, and the detection that picks one for a document. Order matters only for
// ties: more specific formats come first, the generic chat array last.
import { appworldFormat } from "./appworld";
import { appworldDerivedFormat } from "./appworld-derived";
import { appworldLmCallsFormat } from "./appworld-lm-calls";
import { atifFormat } from "./atif";
import { claudeCodeFormat } from "./claude-code";
import { codexCliFormat } from "./codex-cli";
import { debriefFormat } from "./debrief";
import { langfuseFormat } from "./langfuse";
import { langsmithFormat } from "./langsmith";
import { miniSweAgentFormat } from "./mini-swe-agent";
import { openaiChatFormat } from "./openai-chat";
import { openaiResponsesFormat } from "./openai-responses";
import { openhandsFormat } from "./openhands";
import { otelGenaiFormat } from "./otel-genai";
import { reactTextFormat } from "./react-text";
import { sweAgentFormat } from "./swe-agent";
import type { FormatParser, SourceDocument } from "./types";
import { vcrCassetteFormat } from "./vcr-cassette";

export const FORMAT_PARSERS: readonly FormatParser[] = [
  debriefFormat,
  atifFormat,
  sweAgentFormat,
  miniSweAgentFormat,
  openhandsFormat,
  claudeCodeFormat,
  codexCliFormat,
  otelGenaiFormat,
  langfuseFormat,
  langsmithFormat,
  appworldFormat,
  appworldDerivedFormat,
  appworldLmCallsFormat,
  vcrCassetteFormat,
  openaiResponsesFormat,
  reactTextFormat,
  openaiChatFormat,
];

/** Below this confidence no format claims a document. */
export const MIN_DETECT_SCORE = 0.3;

export function getFormatParser(id: string): FormatParser | undefined {
  return FORMAT_PARSERS.find((parser) => parser.id === id);
}

export interface DetectedFormat {
  parser: FormatParser;
  score: number;
}

/** All formats that claim the document, most confident first (stable: registry order breaks ties). */
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

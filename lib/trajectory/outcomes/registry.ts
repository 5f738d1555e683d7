// Outcome files (benchmark reports, verifier results, label lists): detection among them.
import type { OutcomeFileParser, SourceDocument } from "../formats/types";
import { appworldEvaluationOutcome } from "./appworld-evaluation";
import { appworldReportOutcome } from "./appworld-report";
import { harborResultParser } from "./harbor-result";
import { outcomeListParser } from "./outcome-list";
import { swebenchReportParser } from "./swebench-report";

export const OUTCOME_PARSERS: readonly OutcomeFileParser[] = [
  swebenchReportParser,
  harborResultParser,
  appworldEvaluationOutcome,
  appworldReportOutcome,
  outcomeListParser,
];

export function detectOutcomeFile(doc: SourceDocument): { parser: OutcomeFileParser; score: number } | undefined {
  let best: { parser: OutcomeFileParser; score: number } | undefined;
  for (const parser of OUTCOME_PARSERS) {
    let score = 0;
    try {
      score = parser.detect(doc);
    } catch {
      score = 0;
    }
    if (score > (best?.score ?? 0)) best = { parser, score };
  }
  return best;
}

export function getOutcomeParser(id: string): OutcomeFileParser | undefined {
  return OUTCOME_PARSERS.find((parser) => parser.id === id);
}

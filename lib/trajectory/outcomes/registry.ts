// Outcome files (benchmark reports, verifier results, label lists) and how they attach to trajectories.
import type { OutcomeFileParser, SourceDocument } from "../formats/types";

export const OUTCOME_PARSERS: readonly OutcomeFileParser[] = [];

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

// Pure: near-identical tips of the same granularity collapse into the first one, which inherits
// the duplicates' provenance. Task and subtask tips are kept apart on purpose: both granularities
// live in memory side by side and are retrieved by different descriptions (consolidation merges
// across trajectories later, with a reviewable diff).
import { normalizeTipText } from "../review/quality-flags";
import type { ExtractedTip } from "./extracted-tip";
import type { ExtractionIssue } from "./issues";
import { mergeRanges } from "./tips/validate-tips";

/** Word-set overlap at or above which two tips count as the same advice. */
export const NEAR_DUPLICATE_JACCARD = 0.9;

export function dedupeTips(tips: ExtractedTip[], issues: ExtractionIssue[]): ExtractedTip[] {
  const kept: { tip: ExtractedTip; words: Set<string>; text: string }[] = [];
  for (const tip of tips) {
    const text = normalizeTipText(tip.content);
    const words = new Set(text.split(" ").filter(Boolean));
    const twin = kept.find(
      (k) => k.tip.granularity === tip.granularity && (k.text === text || jaccard(k.words, words) >= NEAR_DUPLICATE_JACCARD),
    );
    if (!twin) {
      kept.push({ tip: { ...tip, provenance: [...tip.provenance] }, words, text });
      continue;
    }
    twin.tip.provenance = mergeRanges([...twin.tip.provenance, ...tip.provenance]);
    issues.push({ stage: "tips", message: `Dropped a duplicate ${tip.granularity} tip: "${clip(tip.content)}".` });
  }
  return kept.map((k) => k.tip);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

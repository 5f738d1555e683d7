// Database rows → the JSON shapes of components/tips/types.ts, the same for the review API, the
// tip page and the review page's first render.
import type { findSimilarApprovedTips, getTipDetail, listTips } from "@/lib/db/tip-queries";
import type { SimilarTip, TipDetail, TipListItem } from "@/components/tips/types";

type ListRow = Awaited<ReturnType<typeof listTips>>["items"][number];
type DetailRow = NonNullable<Awaited<ReturnType<typeof getTipDetail>>>;
type SimilarRow = Awaited<ReturnType<typeof findSimilarApprovedTips>>[number];

export function toTipListItem(row: ListRow): TipListItem {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    category: row.category,
    priority: row.priority,
    granularity: row.granularity,
    origin: row.origin,
    content: row.content,
    application: row.application,
    flags: row.flags,
    sourceOutcome: row.sourceOutcome,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
    sources: row.sources.map((source) => ({ ...source })),
  };
}

export function toTipDetail(row: DetailRow): TipDetail {
  return {
    ...toTipListItem({ ...row, sources: [] }),
    sources: row.sources.map((source) => ({
      trajectoryId: source.trajectoryId,
      stepStart: source.stepStart,
      stepEnd: source.stepEnd,
      outcomeLabel: source.outcomeLabel,
      trajectory: source.trajectory,
    })),
    purpose: row.purpose,
    steps: row.steps,
    trigger: row.trigger,
    negativeExample: row.negativeExample,
    taskCategory: row.taskCategory,
    indexDescription: row.indexDescription,
    evidence: row.evidence,
    rejectReason: row.rejectReason,
    model: row.model,
    promptVersion: row.promptVersion,
    costUsd: row.costUsd,
    createdAt: row.createdAt.toISOString(),
    events: row.events.map((event) => ({
      id: event.id,
      type: event.type,
      actor: event.actor,
      note: event.note,
      before: event.before,
      after: event.after,
      createdAt: event.createdAt.toISOString(),
    })),
    extraction: row.extraction ? { ...row.extraction, createdAt: row.extraction.createdAt.toISOString() } : null,
  };
}

const STOP_WORDS = new Set(
  "about above after again against before being below between calls could doing during every first from have having into itself more most other should since some such than that their them then there these they this those through under until using when where which while with would your".split(" "),
);
const MAX_WORDS = 8;
const MAX_SIMILAR = 6;

/** The longest distinct non-trivial words of a tip's advice: what a duplicate would share. */
export function keyWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]{5,}/gu) ?? [];
  const distinct = [...new Set(words)].filter((word) => !STOP_WORDS.has(word));
  return distinct.sort((a, b) => b.length - a.length).slice(0, MAX_WORDS);
}

/** Candidates ranked by shared key words (two or more, or all of them for very short tips). */
export function rankSimilar(rows: SimilarRow[], words: string[]): SimilarTip[] {
  const needed = Math.min(2, words.length);
  return rows
    .map((row) => ({ ...row, sharedWords: words.filter((word) => row.content.toLowerCase().includes(word)).length }))
    .filter((row) => row.sharedWords >= needed)
    .sort((a, b) => b.sharedWords - a.sharedWords)
    .slice(0, MAX_SIMILAR);
}

// Database rows → the JSON shapes of components/tips/types.ts, the same for the review API, the
// tip page and the review page's first render.
import type { getTipDetail, listTips } from "@/lib/db/tip-queries";
import type { SimilarTipRow } from "@/lib/review/find-similar-tips";
import type { SimilarTip, TipDetail, TipListItem } from "@/components/tips/types";

type ListRow = Awaited<ReturnType<typeof listTips>>["items"][number];
type DetailRow = NonNullable<Awaited<ReturnType<typeof getTipDetail>>>;
type SimilarRow = SimilarTipRow;

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

/** A neighbouring tip for the pane: similarity as a 0–1 number, rounded for the wire. */
export function toSimilarTip(row: SimilarRow): SimilarTip {
  return {
    id: row.id,
    status: row.status,
    content: row.content,
    category: row.category,
    priority: row.priority,
    application: row.application,
    similarity: Math.round(row.similarity * 1000) / 1000,
    label: row.label,
  };
}

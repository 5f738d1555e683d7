import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { TipCategory, TipOrigin, TipPriority, TipStatus } from "./types";

const STATUS_TONE: Record<TipStatus, BadgeTone> = {
  proposed: "accent",
  approved: "success",
  rejected: "danger",
  merged: "neutral",
  archived: "neutral",
};

const PRIORITY_TONE: Record<TipPriority, BadgeTone> = { critical: "danger", high: "warning", medium: "neutral", low: "neutral" };

/** The extractor in the reviewer's words: "heuristic" is the offline, no-LLM extractor. */
export const ORIGIN_LABEL: Record<TipOrigin, string> = { llm: "LLM", offline: "heuristic", manual: "manual", merge: "merge" };
const ORIGIN_HINT: Record<TipOrigin, string> = {
  llm: "Proposed by the LLM extraction stages",
  offline: "Proposed by the offline extractor from what code found (errors, recoveries, repeated calls)",
  manual: "Written by a person",
  merge: "The result of merging tips in consolidation",
};

export function StatusBadge({ status }: { status: TipStatus }) {
  return (
    <Badge tone={STATUS_TONE[status]} data-testid="tip-status" data-status={status}>
      {status}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TipPriority }) {
  return (
    <Badge tone={PRIORITY_TONE[priority]} title="Priority (from outcome severity)" className={priority === "low" ? "text-zinc-500" : undefined}>
      {priority}
    </Badge>
  );
}

export function CategoryBadge({ category }: { category: TipCategory }) {
  return <Badge title="Category">{category}</Badge>;
}

export function OriginBadge({ origin }: { origin: TipOrigin }) {
  return (
    <Badge title={ORIGIN_HINT[origin]} className="font-normal">
      {ORIGIN_LABEL[origin]}
    </Badge>
  );
}

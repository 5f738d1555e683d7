"use client";

import type { TipDetailResponse } from "@/components/tips/types";
import { KeyHints } from "./key-hints";
import { ReviewerControl } from "./reviewer-control";
import { canUndo } from "./tip-actions";
import { TipPane, useTipDetail } from "./tip-pane";
import { useReviewKeys } from "./use-review-keys";
import { useReviewer } from "./use-reviewer";
import { useTipReview } from "./use-tip-review";

const KEYS: [string, string][] = [
  ["a", "approve"],
  ["r", "reject"],
  ["e", "edit"],
  ["u", "undo"],
  ["Esc", "cancel"],
];

/** The tip page's interactive part: the same pane and shortcuts as the review queue, for one tip. */
export function TipPageClient({ initial }: { initial: TipDetailResponse }) {
  const detail = useTipDetail(initial.tip.id, initial);
  const [actor] = useReviewer();
  const tip = detail.data?.tip ?? initial.tip;
  const review = useTipReview({ tip: { id: tip.id, version: tip.version }, actor });
  const isViewing = review.mode === "view";
  useReviewKeys({
    a: () => isViewing && tip.status !== "approved" && review.approve(),
    r: () => isViewing && tip.status !== "rejected" && review.startReject(),
    e: () => isViewing && review.startEdit(),
    u: () => isViewing && canUndo(tip.events) && review.undo(),
    Escape: () => review.cancel(),
  });
  return (
    <div className="max-w-3xl space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-zinc-100/70 px-3 py-1.5">
        <KeyHints keys={KEYS} />
        <ReviewerControl />
      </div>
      <TipPane query={detail} review={review} />
    </div>
  );
}

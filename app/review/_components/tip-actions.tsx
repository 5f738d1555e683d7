"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import type { TipDetail, TipEventView } from "@/components/tips/types";
import type { TipReview } from "./use-tip-review";

/** Mirrors lib/review/review-tip.ts: the newest review decision, unless an undo came after it. */
const UNDOABLE = new Set(["approved", "rejected", "edited", "edited_and_approved", "archived"]);

export function canUndo(events: TipEventView[]): boolean {
  const last = events.find((event) => UNDOABLE.has(event.type) || event.type === "undone"); // newest first
  return last !== undefined && last.type !== "undone";
}

/** Approve / Reject (with an optional reason) / Edit / Undo, plus the last action's error. */
export function TipActions({ tip, review }: { tip: TipDetail; review: TipReview }) {
  return (
    <div className="space-y-2">
      {review.mode === "reject" ? (
        <RejectPrompt review={review} />
      ) : (
        <div className="flex flex-wrap items-center gap-1.5">
          <Button size="sm" variant="primary" onClick={review.approve} disabled={review.isPending || tip.status === "approved" || review.mode === "edit"} data-testid="tip-approve">
            {review.pendingKind === "approve" ? "Approving…" : "Approve"} <Kbd className="border-accent-400 bg-accent-500 text-white shadow-none">a</Kbd>
          </Button>
          <Button size="sm" onClick={review.startReject} disabled={review.isPending || tip.status === "rejected" || review.mode === "edit"} data-testid="tip-reject">
            Reject <Kbd>r</Kbd>
          </Button>
          <Button size="sm" onClick={review.startEdit} disabled={review.isPending || review.mode === "edit"} data-testid="tip-edit">
            Edit <Kbd>e</Kbd>
          </Button>
          <Button size="sm" variant="ghost" onClick={review.undo} disabled={review.isPending || !canUndo(tip.events)} data-testid="tip-undo" title="Revert the last decision on this tip (recorded as a new history entry)">
            {review.pendingKind === "undo" ? "Undoing…" : "Undo"} <Kbd>u</Kbd>
          </Button>
        </div>
      )}
      {review.error ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded border border-red-200 bg-red-50 px-2.5 py-1.5 text-xs text-red-800" data-testid="tip-action-error">
          <span className="min-w-0 flex-1">{review.error.message}</span>
          {review.error.code === "CONFLICT" || review.error.code === "NOT_FOUND" ? (
            <Button size="sm" onClick={review.reload} data-testid="tip-reload">
              Reload tip
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The reason field that `r` opens: Enter rejects (the reason is optional), Esc cancels. */
function RejectPrompt({ review }: { review: TipReview }) {
  const [reason, setReason] = useState("");
  return (
    <form
      className="flex flex-wrap items-center gap-1.5"
      aria-label="Reject tip"
      onSubmit={(event) => {
        event.preventDefault();
        review.reject(reason);
      }}
    >
      <label htmlFor="reject-reason" className="sr-only">
        Reason for rejecting (optional)
      </label>
      <Input
        id="reject-reason"
        autoFocus
        value={reason}
        maxLength={1000}
        placeholder="Reason (optional) — Enter rejects, Esc cancels"
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            review.cancel();
          }
        }}
        className="h-7 min-w-56 flex-1 text-xs"
        data-testid="reject-reason"
      />
      <Button type="submit" size="sm" variant="danger" disabled={review.isPending} data-testid="reject-confirm">
        {review.isPending ? "Rejecting…" : "Reject"}
      </Button>
      <Button size="sm" variant="ghost" onClick={review.cancel} disabled={review.isPending}>
        Cancel
      </Button>
    </form>
  );
}

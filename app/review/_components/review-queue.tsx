"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { TipListPage, TipStatus } from "@/components/tips/types";
import { BulkBar } from "./bulk-bar";
import { KeyHints } from "./key-hints";
import { ReviewEmpty } from "./review-empty";
import { ReviewFiltersBar } from "./review-filters";
import { hasNarrowingFilters, type ReviewTab } from "./review-query";
import { ReviewTabs } from "./review-tabs";
import { ReviewerControl } from "./reviewer-control";
import { TipList } from "./tip-list";
import { TipPane, useTipDetail } from "./tip-pane";
import { useReviewFilters } from "./use-review-filters";
import { useReviewKeys } from "./use-review-keys";
import { useReviewer } from "./use-reviewer";
import { canUndo } from "./tip-actions";
import { useTipList } from "./use-tip-list";
import { useTipReview } from "./use-tip-review";

type ReviewQueueProps = {
  projectId: string;
  projectSlug: string;
  applications: string[];
  initialPage: TipListPage;
  initialFiltersKey: string;
};

/** The review queue: tabs and filters (in the URL), the list on the left, the selected tip on the right. */
export function ReviewQueue({ projectId, projectSlug, applications, initialPage, initialFiltersKey }: ReviewQueueProps) {
  const { filters, selectedParam, setFilters, clearFilters, select } = useReviewFilters();
  const { query, items, counts } = useTipList({ projectId, filters, initialPage, initialFiltersKey });
  const [actor] = useReviewer();
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [bulkMessage, setBulkMessage] = useState<string | null>(null);
  const tab = (filters.status ?? "proposed") as ReviewTab | TipStatus;

  // No explicit selection: the first tip of the list (the most severe proposal).
  const selectedId = selectedParam ?? items[0]?.id ?? null;
  const index = items.findIndex((item) => item.id === selectedId);
  const detail = useTipDetail(selectedId);
  const listVersion = items[index]?.version ?? 0;
  const version = Math.max(listVersion, detail.data?.tip.id === selectedId ? detail.data.tip.version : 0);

  const review = useTipReview({
    tip: selectedId && version > 0 ? { id: selectedId, version } : null,
    actor,
    // A decided tip leaves this tab: move on to the next one, as a queue should.
    onDecided: (tipId, status) => {
      if (tab === "all" || tab === status) return;
      const at = items.findIndex((item) => item.id === tipId);
      const next = items[at + 1] ?? items[at - 1] ?? null;
      select(next && next.id !== tipId ? next.id : null);
    },
  });

  const move = (step: 1 | -1) => {
    if (review.mode !== "view" || items.length === 0) return;
    const next = index === -1 ? items[0] : items[Math.min(items.length - 1, Math.max(0, index + step))];
    if (next) select(next.id);
  };
  const toggle = (id: string) => {
    setBulkMessage(null);
    setChecked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  const isViewing = review.mode === "view" && selectedId !== null;
  const shown = detail.data?.tip.id === selectedId ? detail.data?.tip : undefined;
  useReviewKeys({
    j: () => move(1),
    k: () => move(-1),
    a: () => isViewing && shown?.status !== "approved" && review.approve(),
    r: () => isViewing && shown?.status !== "rejected" && review.startReject(),
    e: () => isViewing && review.startEdit(),
    u: () => isViewing && shown && canUndo(shown.events) && review.undo(),
    x: () => selectedId && toggle(selectedId),
    Escape: () => (review.mode !== "view" ? review.cancel() : setChecked(new Set())),
  });

  const checkedItems = items.filter((item) => checked.has(item.id));
  // Decided tips leave the bulk selection (failed ones stay, to retry); a decided selection moves on.
  const onBulkDone = (done: string[], message: string) => {
    setChecked((current) => new Set([...current].filter((id) => !done.includes(id))));
    setBulkMessage(message);
    if (tab !== "all" && selectedId && done.includes(selectedId)) select(items.find((item) => !done.includes(item.id))?.id ?? null);
  };
  const isFiltering = query.isPlaceholderData && query.isFetching;
  return (
    <div>
      <ReviewFiltersBar filters={filters} applications={applications} onChange={setFilters} onClear={clearFilters} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <ReviewTabs current={tab} counts={counts} onChange={(next) => setFilters({ status: next === "proposed" ? undefined : next })} />
        <ReviewerControl />
      </div>
      <div className="mb-3 rounded-md bg-zinc-100/70 px-3 py-1.5">
        <KeyHints />
      </div>
      {checkedItems.length > 0 ? <BulkBar selected={checkedItems} actor={actor} onDone={onBulkDone} onClear={() => setChecked(new Set())} /> : null}
      {bulkMessage && checkedItems.length === 0 ? (
        <p role="status" className="mb-2 text-xs text-emerald-700" data-testid="bulk-result">
          {bulkMessage}
        </p>
      ) : null}
      {query.isError && items.length === 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {query.error.message} <Button size="sm" onClick={() => query.refetch()} className="ml-2">Retry</Button>
        </div>
      ) : items.length === 0 && counts ? (
        <ReviewEmpty tab={tab as ReviewTab} counts={counts} isFiltered={hasNarrowingFilters(filters)} projectSlug={projectSlug} onClearFilters={clearFilters} onTab={(next) => setFilters({ status: next === "proposed" ? undefined : next })} />
      ) : (
        <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <div className={isFiltering ? "opacity-60" : undefined} aria-busy={query.isFetching}>
            <p className="mb-1.5 text-xs text-zinc-500" role="status" data-testid="review-shown">
              {items.length} shown{query.hasNextPage ? " (more below)" : ""}
              {query.isFetching ? " · updating…" : ""}
            </p>
            <TipList items={items} selectedId={selectedId} checked={checked} showStatus={tab === "all"} onSelect={select} onToggle={toggle} onToggleAll={() => setChecked(checkedItems.length === items.length ? new Set() : new Set(items.map((item) => item.id)))} />
            {query.hasNextPage ? (
              <Button onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage} className="mt-2 w-full" data-testid="load-more">
                {query.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            ) : null}
          </div>
          <div className="lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto">
            {selectedId ? <TipPane query={detail} review={review} onFilterTrajectory={(trajectory) => setFilters({ trajectory })} /> : null}
          </div>
        </div>
      )}
    </div>
  );
}

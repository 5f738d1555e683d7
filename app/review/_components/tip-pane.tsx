"use client";

import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FetchError, fetchTipDetail, tipKeys } from "@/components/tips/fetch-tips";
import { TipDetailView } from "@/components/tips/tip-detail-view";
import type { TipDetailResponse } from "@/components/tips/types";
import { TipActions } from "./tip-actions";
import { TipEditForm } from "./tip-edit-form";
import type { TipReview } from "./use-tip-review";

/** One tip's detail (provenance, history, similar tips…), refetched after every decision. */
export function useTipDetail(id: string | null, initialData?: TipDetailResponse) {
  return useQuery({
    queryKey: tipKeys.detail(id ?? "none"),
    queryFn: ({ signal }) => fetchTipDetail(id!, signal),
    enabled: id !== null,
    initialData,
    staleTime: 5_000,
    retry: (count, error) => !(error instanceof FetchError && error.status === 404) && count < 2,
  });
}

type TipPaneProps = {
  query: UseQueryResult<TipDetailResponse>;
  review: TipReview;
  onFilterTrajectory?: (trajectoryId: string) => void;
};

/** Actions above the detail; Edit swaps the detail for the inline form. */
export function TipPane({ query, review, onFilterTrajectory }: TipPaneProps) {
  if (query.isPending) {
    return <Frame><p className="text-sm text-zinc-500" role="status">Loading tip…</p></Frame>;
  }
  if (query.isError) {
    const isGone = query.error instanceof FetchError && query.error.status === 404;
    return (
      <Frame>
        <div role="alert" className="space-y-2 text-sm text-red-800">
          <p>{isGone ? "This tip no longer exists." : query.error.message}</p>
          {isGone ? null : <Button size="sm" onClick={() => query.refetch()}>Retry</Button>}
        </div>
      </Frame>
    );
  }
  const { tip, similar, flaggedAgainst } = query.data;
  return (
    <Frame tipId={tip.id} status={tip.status} isBusy={query.isFetching}>
      <div className="sticky top-0 z-10 -mx-4 -mt-3 mb-3 border-b border-zinc-100 bg-white/95 px-4 py-2 backdrop-blur">
        <TipActions tip={tip} review={review} />
      </div>
      {review.mode === "edit" ? (
        <TipEditForm key={tip.id} tip={tip} review={review} />
      ) : (
        <TipDetailView tip={tip} similar={similar} flaggedAgainst={flaggedAgainst} onFilterTrajectory={onFilterTrajectory} />
      )}
    </Frame>
  );
}

function Frame({ children, tipId, status, isBusy }: { children: ReactNode; tipId?: string; status?: string; isBusy?: boolean }) {
  return (
    <section
      aria-label="Tip detail"
      aria-busy={isBusy}
      data-testid="tip-detail"
      data-tip-id={tipId}
      data-status={status}
      className="rounded-lg border border-zinc-200 bg-white px-4 py-3 shadow-xs"
    >
      {children}
    </section>
  );
}

"use client";

import { cn } from "@/components/ui/cn";
import type { TipCounts } from "@/components/tips/types";
import { REVIEW_TABS, type ReviewTab } from "./review-query";

const LABELS: Record<ReviewTab, string> = { proposed: "Proposed", approved: "Approved", rejected: "Rejected", all: "All" };

function countFor(tab: ReviewTab, counts: TipCounts | undefined): number | null {
  if (!counts) return null;
  return tab === "all" ? Object.values(counts).reduce((sum, count) => sum + count, 0) : counts[tab];
}

/** Status tabs with the project's count per status (the narrowing filters do not change these). */
export function ReviewTabs({ current, counts, onChange }: { current: string; counts: TipCounts | undefined; onChange: (tab: ReviewTab) => void }) {
  return (
    <nav aria-label="Tip status" data-testid="review-counts" className="flex flex-wrap items-center gap-1">
      {REVIEW_TABS.map((tab) => {
        const count = countFor(tab, counts);
        const isCurrent = tab === current;
        return (
          <button
            key={tab}
            type="button"
            onClick={() => onChange(tab)}
            aria-current={isCurrent ? "page" : undefined}
            data-testid={`review-tab-${tab}`}
            data-count={count ?? undefined}
            className={cn(
              "inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium",
              isCurrent ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900",
            )}
          >
            {LABELS[tab]}
            <span className={cn("rounded px-1 tabular-nums", isCurrent ? "bg-white/20" : "bg-zinc-100 text-zinc-500")}>{count ?? "…"}</span>
          </button>
        );
      })}
      {counts && counts.merged + counts.archived > 0 ? (
        <span className="ml-1 text-xs text-zinc-400" title="Shown under All">
          + {counts.merged} merged, {counts.archived} archived
        </span>
      ) : null}
    </nav>
  );
}

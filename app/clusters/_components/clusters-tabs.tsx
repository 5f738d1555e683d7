"use client";

import { cn } from "@/components/ui/cn";
import { CLUSTER_TABS, type ClustersTab } from "./use-clusters-url";

const LABELS: Record<ClustersTab, string> = { clusters: "Clusters", proposals: "Open proposals", conflicts: "Conflicts queue", runs: "Runs" };

/** The page's sections; the count is clusters, open proposals, open conflicts, runs. */
export function ClustersTabs({ current, counts, onChange }: { current: ClustersTab; counts: Record<ClustersTab, number>; onChange: (tab: ClustersTab) => void }) {
  return (
    <nav aria-label="Sections" className="flex flex-wrap items-center gap-1 border-b border-zinc-200 pb-2" data-testid="clusters-tabs">
      {CLUSTER_TABS.map((tab) => {
        const isCurrent = tab === current;
        return (
          <button
            key={tab}
            type="button"
            onClick={() => onChange(tab)}
            aria-current={isCurrent ? "page" : undefined}
            data-testid={`clusters-tab-${tab}`}
            data-count={counts[tab]}
            className={cn("inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium", isCurrent ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900")}
          >
            {LABELS[tab]}
            <span className={cn("rounded px-1 text-xs tabular-nums", isCurrent ? "bg-white/20" : "bg-zinc-100 text-zinc-500")}>{counts[tab]}</span>
          </button>
        );
      })}
    </nav>
  );
}

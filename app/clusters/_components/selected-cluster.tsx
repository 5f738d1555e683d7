"use client";

import { Button, ButtonLink } from "@/components/ui/button";
import { CANONICAL_SOURCE_LABEL, countsLine, similaritySpread } from "./cluster-format";
import type { ClusterView } from "./types";

/** The cluster picked on the map, in short, with the way to its page. */
export function SelectedCluster({ cluster, colour, onClear }: { cluster: ClusterView; colour: string; onClear: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-accent-200 bg-accent-50 px-3 py-2 text-sm" data-testid="selected-cluster" data-cluster-id={cluster.id} role="status">
      <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: colour }} aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-zinc-900">{cluster.canonicalDescription}</p>
        <p className="text-xs text-zinc-600">
          {cluster.size} tips · {cluster.members.length} descriptions · {similaritySpread(cluster)} · {countsLine(cluster.tipsByStatus)} · canonical: {CANONICAL_SOURCE_LABEL[cluster.canonicalSource] ?? cluster.canonicalSource}
        </p>
      </div>
      <ButtonLink href={`/clusters/${cluster.id}`} size="sm" variant="primary" data-testid="selected-cluster-open">
        Open cluster
      </ButtonLink>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}

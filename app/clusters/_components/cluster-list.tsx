"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ClusterCard } from "./cluster-card";
import type { ClusterView } from "./types";

/** Shown first: clusters with several descriptions, or anything open to decide. */
export function isNotable(cluster: ClusterView): boolean {
  return cluster.members.length > 1 || cluster.openProposals > 0;
}

type ClusterListProps = {
  clusters: ClusterView[];
  colourOf: (clusterId: string) => string;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
};

/** Multi-description clusters first; the single-description ones folded behind one button. */
export function ClusterList({ clusters, colourOf, selectedId, onSelect }: ClusterListProps) {
  const [showSingles, setShowSingles] = useState(false);
  const notable = clusters.filter(isNotable);
  const singles = clusters.filter((cluster) => !isNotable(cluster));
  // A single selected on the map opens the folded part, so the selection is visible.
  const isSinglesOpen = showSingles || singles.some((cluster) => cluster.id === selectedId);
  const card = (cluster: ClusterView) => (
    <li key={cluster.id}>
      <ClusterCard cluster={cluster} colour={colourOf(cluster.id)} isSelected={cluster.id === selectedId} onSelect={onSelect} />
    </li>
  );
  return (
    <div className="space-y-2" data-testid="cluster-list">
      {notable.length === 0 ? <p className="text-sm text-zinc-500">No cluster has more than one description at this threshold: every description stands alone.</p> : null}
      <ul className="space-y-2">{notable.map(card)}</ul>
      {singles.length > 0 ? (
        <>
          <Button size="sm" variant="ghost" onClick={() => setShowSingles(!isSinglesOpen)} aria-expanded={isSinglesOpen} data-testid="toggle-singles">
            {isSinglesOpen ? "Hide" : "Show"} {singles.length} single-description {singles.length === 1 ? "cluster" : "clusters"}
          </Button>
          {isSinglesOpen ? <ul className="space-y-2">{singles.map(card)}</ul> : null}
        </>
      ) : null}
    </div>
  );
}

"use client";

import Link from "next/link";
import { useEffect, useRef, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { CANONICAL_SOURCE_LABEL, countsLine, similaritySpread } from "./cluster-format";
import type { ClusterView } from "./types";

type ClusterCardProps = {
  cluster: ClusterView;
  colour: string;
  isSelected: boolean;
  onSelect: (id: string | null) => void;
};

/** One cluster: size, canonical description and its source, members, tips by status and category, spread, open proposals. */
export function ClusterCard({ cluster, colour, isSelected, onSelect }: ClusterCardProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (isSelected) ref.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [isSelected]);
  return (
    <article
      ref={ref}
      className={cn("rounded-lg border bg-white px-4 py-3 shadow-xs", isSelected ? "border-accent-600 ring-2 ring-accent-200" : "border-zinc-200")}
      data-testid="cluster-card"
      data-cluster-id={cluster.id}
      data-selected={isSelected ? "true" : undefined}
      aria-label={`Cluster: ${cluster.canonicalDescription}`}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <span className="mt-1.5 size-3 shrink-0 rounded-full" style={{ backgroundColor: colour }} aria-hidden />
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold break-words text-zinc-900">
            <Link href={`/clusters/${cluster.id}`} className="hover:underline" data-testid="cluster-link">
              {cluster.canonicalDescription}
            </Link>
          </h3>
          <p className="text-xs text-zinc-500">
            Canonical description: {CANONICAL_SOURCE_LABEL[cluster.canonicalSource] ?? cluster.canonicalSource}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1.5">
          <Badge data-testid="cluster-size">
            {cluster.size} {cluster.size === 1 ? "tip" : "tips"} · {cluster.members.length} {cluster.members.length === 1 ? "description" : "descriptions"}
          </Badge>
          {cluster.openProposals > 0 ? (
            <Link href={`/clusters/${cluster.id}#proposals`} data-testid="cluster-open-proposals">
              <Badge tone="accent">{cluster.openProposals} open {cluster.openProposals === 1 ? "proposal" : "proposals"}</Badge>
            </Link>
          ) : null}
        </div>
      </div>
      <ul className="mt-2 space-y-0.5 pl-6 text-sm text-zinc-700" aria-label="Member descriptions">
        {cluster.members.map((member, index) => (
          <li key={index} className="list-disc break-words" data-testid="cluster-member">
            {member.description}
            <span className="text-xs text-zinc-400">
              {" "}
              · {member.tipIds.length} {member.tipIds.length === 1 ? "tip" : "tips"}
              {member.generalized !== member.description ? ` · generalized: ${member.generalized}` : ""}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-baseline gap-x-4 gap-y-0.5 pl-6 text-xs text-zinc-600">
        <dl className="contents">
          <Fact label="Tips" testId="cluster-tips-by-status">{countsLine(cluster.tipsByStatus) || "none left"}</Fact>
          <Fact label="Categories">{countsLine(cluster.tipsByCategory) || "—"}</Fact>
          <Fact label="Spread">{similaritySpread(cluster)}</Fact>
        </dl>
        <button type="button" onClick={() => onSelect(isSelected ? null : cluster.id)} className="font-medium text-accent-700 hover:underline" aria-pressed={isSelected}>
          {isSelected ? "Unselect on the map" : "Show on the map"}
        </button>
      </div>
    </article>
  );
}

function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="flex gap-1" data-testid={testId}>
      <dt className="text-zinc-400">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

"use client";

import { useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { PROPOSAL_KIND_VALUES, PROPOSAL_STATUSES, type ProposalKindValue, type ProposalStatus } from "./types";
import { replaceSearchParams } from "@/components/ui/replace-search-params";

export const CLUSTER_TABS = ["clusters", "proposals", "conflicts", "runs"] as const;
export type ClustersTab = (typeof CLUSTER_TABS)[number];

function pick<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/**
 * The tab, the selected cluster and the proposal filters live in the URL: a reload or a shared
 * link shows the same view. Unknown values fall back to the defaults.
 */
export function useClustersUrl() {
  const searchParams = useSearchParams();
  const tab = pick(CLUSTER_TABS, searchParams.get("tab")) ?? "clusters";
  const clusterId = searchParams.get("cluster");
  const kind = pick(PROPOSAL_KIND_VALUES, searchParams.get("kind"));
  // "all" is explicit; no parameter = the open proposals (the queue).
  const statusParam = searchParams.get("status");
  const status: ProposalStatus | "all" = statusParam === "all" ? "all" : (pick(PROPOSAL_STATUSES, statusParam) ?? "proposed");

  const setTab = useCallback((next: ClustersTab) => replaceSearchParams({ tab: next === "clusters" ? null : next }), []);
  const selectCluster = useCallback((id: string | null) => replaceSearchParams({ cluster: id }), []);
  const setProposalFilters = useCallback(
    (patch: { kind?: ProposalKindValue | null; status?: ProposalStatus | "all" }) =>
      replaceSearchParams({
        ...("kind" in patch && { kind: patch.kind ?? null }),
        ...(patch.status && { status: patch.status === "proposed" ? null : patch.status }),
      }),
    [],
  );
  return { tab, clusterId, kind, status, setTab, selectCluster, setProposalFilters };
}

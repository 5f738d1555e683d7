"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { LayersIcon } from "@/components/ui/icons";
import { queryKeys } from "@/lib/query-keys";
import { ClusterList, isNotable } from "./cluster-list";
import { ClusterMap, type ColourBy } from "./cluster-map";
import { ClustersTabs } from "./clusters-tabs";
import { fetchClusterMap, fetchPreview } from "./fetch-json";
import { assignColours } from "./palette";
import { PreviewSummary } from "./preview-summary";
import { ProposalQueue } from "./proposal-queue";
import { RunButton, RunPanel } from "./run-panel";
import { RunHistory } from "./run-history";
import { SelectedCluster } from "./selected-cluster";
import type { ClusterView, ConsolidationDefaults, ProposalCounts, ProposalListItem, RunView } from "./types";
import { useClustersUrl } from "./use-clusters-url";
import { useConsolidationRun } from "./use-consolidation-run";
import { useDebounced } from "@/components/ui/use-debounced";

type ClustersWorkspaceProps = {
  projectId: string;
  llmConfigured: boolean;
  defaults: ConsolidationDefaults;
  clusters: ClusterView[];
  proposals: ProposalListItem[];
  proposalCounts: ProposalCounts;
  runs: RunView[];
  activeJobId: string | null;
};

const PREVIEW_DEBOUNCE_MS = 250;

/** The Clusters page below its header: run panel with preview, then clusters (map + list), proposals, conflicts, runs. */
export function ClustersWorkspace({ projectId, llmConfigured, defaults, clusters, proposals, proposalCounts, runs, activeJobId }: ClustersWorkspaceProps) {
  const url = useClustersUrl();
  const [threshold, setThreshold] = useState(defaults.threshold);
  const [linkage, setLinkage] = useState(defaults.linkage);
  const [colourBy, setColourBy] = useState<ColourBy>("clusters");
  const run = useConsolidationRun({ projectId, threshold, linkage, llmConfigured, initialJobId: activeJobId });
  const latestRunId = runs.find((r) => r.status === "succeeded")?.id ?? null;
  const hasClusters = clusters.length > 0;

  const map = useQuery({
    queryKey: queryKeys.clusters.map(projectId, latestRunId),
    queryFn: ({ signal }) => fetchClusterMap(projectId, signal),
    enabled: hasClusters,
    staleTime: 5 * 60_000,
  });
  const previewThreshold = useDebounced(threshold, PREVIEW_DEBOUNCE_MS);
  const previewLinkage = useDebounced(linkage, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: queryKeys.clusters.preview(projectId, latestRunId, previewThreshold, previewLinkage),
    queryFn: ({ signal }) => fetchPreview({ projectId, threshold: previewThreshold, linkage: previewLinkage }, signal),
    enabled: hasClusters,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

  // The list's order: notable clusters first (as listed), so map colours follow the list.
  const ordered = useMemo(() => [...clusters.filter(isNotable), ...clusters.filter((c) => !isNotable(c))], [clusters]);
  const clusterColours = useMemo(() => assignColours(ordered.map((c) => c.id), (id) => (clusters.find((c) => c.id === id)?.members.length ?? 0) > 1), [ordered, clusters]);
  const colourOf = (clusterId: string) => clusterColours.get(clusterId) ?? "#a1a1aa";
  const isPreviewColour = colourBy === "preview" && Boolean(preview.data);
  const pointColours = useMemo(() => {
    const points = map.data ?? [];
    const groups = preview.data?.groupOfPoint;
    if (!isPreviewColour || !groups || groups.length !== points.length) return points.map((p) => clusterColours.get(p.clusterId) ?? "#a1a1aa");
    const sizes = new Map<number, number>();
    for (const group of groups) sizes.set(group, (sizes.get(group) ?? 0) + 1);
    const colours = assignColours(groups, (group) => (sizes.get(group) ?? 0) > 1);
    return groups.map((group) => colours.get(group)!);
  }, [map.data, preview.data, isPreviewColour, clusterColours]);

  const selected = clusters.find((c) => c.id === url.clusterId) ?? null;
  const openConflicts = proposals.filter((p) => p.kind === "conflict" && p.status === "proposed").length;
  const previewBlock = hasClusters ? (
    <PreviewSummary preview={preview.data} error={preview.error} isFetching={preview.isFetching} clusters={clusters} />
  ) : (
    <p className="text-xs text-zinc-500">The preview compares a threshold with the current clusters; it appears after the first run.</p>
  );

  return (
    <div className="space-y-5">
      <RunPanel projectId={projectId} llmConfigured={llmConfigured} defaults={defaults} threshold={threshold} linkage={linkage} onThreshold={setThreshold} onLinkage={setLinkage} preview={previewBlock} run={run} lastRun={runs[0] ?? null} />
      <ClustersTabs
        current={url.tab}
        onChange={url.setTab}
        counts={{ clusters: clusters.length, proposals: proposalCounts.proposed, conflicts: openConflicts, runs: runs.length }}
      />
      {url.tab === "clusters" ? (
        !hasClusters ? (
          <EmptyState
            icon={<LayersIcon className="size-5" />}
            title={runs.length === 0 ? "Not consolidated yet" : "No clusters"}
            description={
              <>
                <p>
                  A run generalizes the description each tip is indexed by (its task or subtask), embeds the descriptions and groups those at least τ similar. Each group is a cluster; tips in a cluster that say the
                  same thing become merge proposals you can inspect, accept, edit, reject or revert.
                </p>
                <p>Offline consolidation needs no LLM and costs nothing.</p>
              </>
            }
          >
            <RunButton run={run} threshold={threshold} linkage={linkage} />
          </EmptyState>
        ) : (
          <div className="space-y-4">
            <ClusterMap
              points={map.data}
              error={map.error}
              colours={pointColours}
              selectedClusterId={url.clusterId}
              onSelect={(id) => url.selectCluster(id === url.clusterId ? null : id)}
              colourBy={isPreviewColour ? "preview" : "clusters"}
              onColourBy={setColourBy}
              previewThreshold={preview.data?.threshold ?? null}
            />
            {selected ? <SelectedCluster cluster={selected} colour={colourOf(selected.id)} onClear={() => url.selectCluster(null)} /> : null}
            <ClusterList clusters={ordered} colourOf={colourOf} selectedId={url.clusterId} onSelect={url.selectCluster} />
          </div>
        )
      ) : url.tab === "runs" ? (
        <RunHistory runs={runs} />
      ) : (
        <ProposalQueue
          proposals={proposals}
          counts={proposalCounts}
          status={url.status}
          kind={url.kind}
          isConflictQueue={url.tab === "conflicts"}
          onFilters={url.setProposalFilters}
        />
      )}
    </div>
  );
}

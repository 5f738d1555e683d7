"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { queryKeys } from "@/lib/query-keys";
import type { GuidelinesTemplate } from "@/lib/retrieval/schema";
import { fetchGuidelines, fetchPlayground } from "./fetchers";
import { cutAt } from "./rerank";
import type { ColumnSettings } from "./types";
import { useDebounced } from "@/components/ui/use-debounced";

/** How long the selection must hold still before the guidelines block is rendered again. */
const GUIDELINES_DEBOUNCE_MS = 250;

export interface PlaygroundFilters {
  projectId: string;
  /** Trimmed; "" = nothing to retrieve yet. */
  task: string;
  application: string | null;
  approvedOnly: boolean;
}

/**
 * One logged retrieval per task + strategy + filters; τ and k are sent (the log records what the
 * page showed when it asked) but are not part of the key: moving them re-ranks in the browser.
 */
export function usePlaygroundCut(filters: PlaygroundFilters, column: ColumnSettings, isEnabled = true) {
  const key = { ...filters, strategy: column.strategy, granularity: column.granularity };
  const query = useQuery({
    queryKey: queryKeys.retrieval.playground(key),
    queryFn: ({ signal }) => fetchPlayground({ ...key, threshold: column.threshold, topK: column.topK }, signal),
    enabled: isEnabled && key.task.length > 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const { data } = query;
  const cut = useMemo(() => (data ? cutAt(data, { threshold: column.threshold, topK: column.topK }) : null), [data, column.threshold, column.topK]);
  return { query, result: data, cut };
}

/** The guidelines block for the current cut (debounced), in `template`, under the project's budget. */
export function useGuidelines({ projectId, selectedIds, template, maxTokens }: { projectId: string; selectedIds: string[]; template: GuidelinesTemplate; maxTokens: number | null }) {
  const current = selectedIds.join(",");
  const settled = useDebounced(current, GUIDELINES_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: queryKeys.retrieval.guidelines(projectId, settled, template, maxTokens),
    queryFn: ({ signal }) => fetchGuidelines({ projectId, tipIds: settled.split(","), template, maxTokens }, signal),
    enabled: settled !== "",
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
  const isUpdating = current !== "" && (settled !== current || query.isFetching || query.isPlaceholderData);
  return { query, isUpdating };
}

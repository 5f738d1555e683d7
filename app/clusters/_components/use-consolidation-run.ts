"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { JobView } from "@/lib/jobs/view";
import { queryKeys } from "@/lib/query-keys";
import { useReviewer } from "../../review/_components/use-reviewer";
import { startConsolidationAction } from "../actions";
import { isValidThreshold } from "./threshold-controls";
import type { ConsolidationMethod } from "./types";

type UseConsolidationRunArgs = {
  projectId: string;
  threshold: number;
  linkage: string;
  llmConfigured: boolean;
  /** A run already going when the page loaded (followed like one started here). */
  initialJobId: string | null;
};

/**
 * Starting a consolidation job and following it: when it ends, the page's server data (clusters,
 * proposals, runs) is read again and the map and preview are recomputed.
 */
export function useConsolidationRun({ projectId, threshold, linkage, llmConfigured, initialJobId }: UseConsolidationRunArgs) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [actor] = useReviewer(); // recorded on the run
  const [chosen, setMethod] = useState<ConsolidationMethod | null>(null);
  const method: ConsolidationMethod = chosen ?? (llmConfigured ? "llm" : "offline");
  const [jobId, setJobId] = useState<string | null>(initialJobId);
  const [finishedJobId, setFinishedJobId] = useState<string | null>(null);
  const [isRefreshing, startRefresh] = useTransition();
  const mutation = useMutation({
    mutationFn: () => startConsolidationAction({ projectId, method, threshold, linkage: linkage as "average", actor }),
    onSuccess: (result) => {
      if (!result.ok) return;
      setJobId(result.data.jobId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all });
    },
  });
  const isRunning = jobId !== null && finishedJobId !== jobId;
  const startError = mutation.data && !mutation.data.ok ? mutation.data.error.message : mutation.isError ? "The server could not be reached. Retry." : null;
  return {
    method,
    setMethod,
    jobId,
    isRunning,
    isRefreshing,
    isStarting: mutation.isPending,
    startError,
    canStart: !mutation.isPending && !isRunning && isValidThreshold(threshold),
    start: () => {
      mutation.reset();
      mutation.mutate();
    },
    onFinished: (finished: string, _status: JobView["status"]) => {
      setFinishedJobId(finished);
      // Failed runs change nothing but the run history; read everything again either way.
      startRefresh(() => router.refresh());
      void queryClient.invalidateQueries({ queryKey: queryKeys.clusters.all });
    },
  };
}

export type ConsolidationRun = ReturnType<typeof useConsolidationRun>;

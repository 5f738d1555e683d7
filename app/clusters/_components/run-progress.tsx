"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useEffectEvent } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { JobView } from "@/lib/jobs/view";
import { queryKeys } from "@/lib/query-keys";
import { fetchJob } from "./fetch-json";

const POLL_MS = 1000;
const TONE: Record<JobView["status"], BadgeTone> = { queued: "neutral", running: "accent", succeeded: "success", failed: "danger", canceled: "warning" };

function isActive(job: JobView | undefined): boolean {
  return !job || job.status === "queued" || job.status === "running";
}

/** A consolidation job's progress, polled every second; `onFinished` runs once when it ends. */
export function RunProgress({ jobId, onFinished }: { jobId: string; onFinished: (status: JobView["status"]) => void }) {
  const { data: job, error } = useQuery({
    queryKey: queryKeys.jobs.detail(jobId),
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    refetchInterval: (query) => (isActive(query.state.data) ? POLL_MS : false),
    staleTime: 0,
  });
  const finished = useEffectEvent((status: JobView["status"]) => onFinished(status));
  const status = job?.status;
  useEffect(() => {
    if (status && status !== "queued" && status !== "running") finished(status);
  }, [status]);

  const isDone = job?.status === "succeeded";
  return (
    <div className="space-y-1.5" data-testid="consolidation-progress" data-status={job?.status ?? "loading"} role="status" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={job ? TONE[job.status] : "neutral"} data-testid="consolidation-job-status">
          {job?.status ?? "starting"}
        </Badge>
        <span className="text-xs text-zinc-600" data-testid="consolidation-job-message">
          {!job
            ? "Waiting for the worker…"
            : isActive(job)
              ? [job.total !== null ? `${job.done} / ${job.total} clusters merged` : "Generalizing and clustering descriptions…", job.currentItem].filter(Boolean).join(" · ")
              : isDone
                ? "Done: the clusters, proposals and runs below are up to date."
                : (job.error ?? `The run ${job.status}.`)}
        </span>
        <Link href="/jobs" className="ml-auto text-xs text-zinc-500 hover:text-zinc-900 hover:underline">
          Job {jobId.slice(0, 8)} on Jobs
        </Link>
      </div>
      <ProgressBar
        label="Consolidation progress"
        value={job && job.total !== null ? job.done : isDone ? 1 : null}
        max={job?.total ?? 1}
        tone={job?.status === "failed" ? "danger" : isDone ? "success" : "accent"}
      />
      {error ? <p className="text-xs text-red-700">{error.message} (retrying)</p> : null}
    </div>
  );
}

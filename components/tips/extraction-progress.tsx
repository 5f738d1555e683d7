"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { JobView } from "@/lib/jobs/view";
import { queryKeys } from "@/lib/query-keys";

const POLL_MS = 1000;
const TONE: Record<JobView["status"], BadgeTone> = { queued: "neutral", running: "accent", succeeded: "success", failed: "danger", canceled: "warning" };

async function fetchJob(id: string, signal?: AbortSignal): Promise<JobView> {
  const response = await fetch(`/api/jobs/${encodeURIComponent(id)}`, { signal, cache: "no-store" });
  const body = (await response.json().catch(() => null)) as (JobView & { error?: { message: string } }) | null;
  if (!response.ok || !body?.status) throw new Error(body?.error?.message ?? `The job could not be loaded (HTTP ${response.status}).`);
  return body;
}

function isActive(job: JobView | undefined): boolean {
  return !job || job.status === "queued" || job.status === "running";
}

/** An extraction job's progress, polled every second until it ends; then the way to the review queue. */
export function ExtractionProgress({ jobId, reviewHref }: { jobId: string; reviewHref: string }) {
  const { data: job, error } = useQuery({
    queryKey: queryKeys.jobs.detail(jobId),
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    refetchInterval: (query) => (isActive(query.state.data) ? POLL_MS : false),
    staleTime: 0,
  });
  const failedItems = job?.itemErrors ?? [];
  const isDone = job?.status === "succeeded";
  return (
    <div className="space-y-2" data-testid="extract-progress" data-status={job?.status ?? "loading"} role="status" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={job ? TONE[job.status] : "neutral"} data-testid="extract-job-status">
          {job ? (isDone && failedItems.length > 0 ? "done with errors" : job.status) : "starting"}
        </Badge>
        <span className="text-xs text-zinc-500">
          {job?.total === null || !job ? "Waiting for the worker…" : `${job.done} / ${job.total} trajectories`}
          {job?.currentItem && isActive(job) ? ` · ${job.currentItem}` : ""}
        </span>
        <Link href="/jobs" className="ml-auto text-xs text-zinc-500 hover:text-zinc-900 hover:underline">
          Job {jobId.slice(0, 8)} on Jobs
        </Link>
      </div>
      {job?.summary ? (
        <p className="text-xs text-zinc-500" data-testid="extract-job-summary">
          {job.summary}
        </p>
      ) : null}
      <ProgressBar
        label="Extraction progress"
        value={job && job.total !== null ? job.done : null}
        max={job?.total ?? 100}
        tone={job?.status === "failed" ? "danger" : isDone ? "success" : "accent"}
      />
      {error ? <p className="text-xs text-red-700">{error.message} (retrying)</p> : null}
      {job?.error ? <p className="text-xs text-red-700">{job.error}</p> : null}
      {failedItems.map((item) => (
        <p key={item.item} className="text-xs text-red-700">
          {item.message} ({item.attempts} {item.attempts === 1 ? "attempt" : "attempts"})
        </p>
      ))}
      {isDone && failedItems.length < (job.total ?? 1) ? (
        <ButtonLink href={reviewHref} variant="primary" size="sm" data-testid="extract-review-link">
          Review the proposed tips →
        </ButtonLink>
      ) : null}
    </div>
  );
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { JobView } from "@/lib/jobs/view";
import { queryKeys } from "@/lib/query-keys";
import { cancelJobAction, retryJobAction } from "../actions";

const STATUS_TONE: Record<JobView["status"], BadgeTone> = {
  queued: "neutral",
  running: "accent",
  succeeded: "success",
  failed: "danger",
  canceled: "warning",
};

export function JobRow({ job }: { job: JobView }) {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all });
  const cancel = useMutation({ mutationFn: () => cancelJobAction({ id: job.id }), onSuccess: invalidate });
  const retry = useMutation({ mutationFn: () => retryJobAction({ id: job.id }), onSuccess: invalidate });
  const actionError = [cancel.data, retry.data].find((result) => result && !result.ok);
  const hasItemErrors = job.itemErrors.length > 0;
  const isActive = job.status === "queued" || job.status === "running";
  const canRetry = job.status === "failed" || job.status === "canceled" || (job.status === "succeeded" && hasItemErrors);

  return (
    <tr data-testid="job-row" data-job-id={job.id} data-status={job.status} className="align-top">
      <td className="px-3 py-2">
        <div className="font-medium text-zinc-900">{job.title}</div>
        {job.summary ? (
          <div className="max-w-xs text-xs break-words text-zinc-500" data-testid="job-summary">
            {job.summary}
          </div>
        ) : null}
        <div className="font-mono text-xs text-zinc-400">{job.id.slice(0, 8)}{job.attempts > 1 ? ` · attempt ${job.attempts}` : ""}</div>
      </td>
      <td className="px-3 py-2">
        <Badge tone={hasItemErrors && job.status === "succeeded" ? "warning" : STATUS_TONE[job.status]} data-testid="job-status">
          {hasItemErrors && job.status === "succeeded" ? `done, ${job.itemErrors.length} failed` : job.status}
        </Badge>
      </td>
      <td className="px-3 py-2">
        <ProgressBar
          label={`${job.title} progress`}
          value={job.total === null ? null : job.done}
          max={job.total ?? 100}
          tone={job.status === "failed" ? "danger" : job.status === "succeeded" ? "success" : "accent"}
        />
        <div className="mt-1 text-xs text-zinc-500" data-testid="job-progress">
          {job.total === null ? "Waiting to start" : `${job.done} / ${job.total}`}
          {job.currentItem && isActive ? ` · ${job.currentItem}` : ""}
        </div>
        {job.error ? <p className="mt-1 text-xs text-red-700">{job.error}</p> : null}
        {hasItemErrors ? (
          <details className="mt-1 text-xs">
            <summary className="cursor-pointer text-red-700">{job.itemErrors.length} item(s) failed after retries</summary>
            <ul className="mt-1 space-y-0.5 text-zinc-600" data-testid="job-item-errors">
              {job.itemErrors.map((itemError) => (
                <li key={itemError.item}>
                  <span className="font-mono">{itemError.item}</span>: {itemError.message} ({itemError.attempts} attempts)
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </td>
      <td className="px-3 py-2 text-xs whitespace-nowrap text-zinc-500">
        <time dateTime={job.createdAt}>{new Date(job.createdAt).toLocaleString()}</time>
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap">
        {isActive ? (
          <Button size="sm" variant="ghost" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            Cancel
          </Button>
        ) : null}
        {canRetry ? (
          <Button size="sm" onClick={() => retry.mutate()} disabled={retry.isPending}>
            Retry
          </Button>
        ) : null}
        {actionError && !actionError.ok ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {actionError.error.message}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

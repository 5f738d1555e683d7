"use client";

import { useQuery } from "@tanstack/react-query";
import { EmptyState } from "@/components/ui/empty-state";
import { queryKeys } from "@/lib/query-keys";
import { fetchJobs } from "./fetch-jobs";
import { JobRow } from "./job-row";

const POLL_ACTIVE_MS = 1000;
const POLL_IDLE_MS = 5000;

export function JobsTable() {
  const { data: jobs, error, isPending } = useQuery({
    queryKey: queryKeys.jobs.list(),
    queryFn: ({ signal }) => fetchJobs(signal),
    // Poll fast while something runs, slowly otherwise.
    refetchInterval: (query) =>
      query.state.data?.some((job) => job.status === "queued" || job.status === "running") ? POLL_ACTIVE_MS : POLL_IDLE_MS,
    staleTime: 0,
  });

  if (error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {error.message}
      </p>
    );
  }
  if (isPending) return <p className="text-sm text-zinc-500">Loading jobs…</p>;
  if (jobs.length === 0) {
    return (
      <EmptyState
        title="No jobs yet"
        description={
          <p>
            Jobs appear here when you import trajectories, run extraction or consolidation, or re-embed texts. They run
            in a background worker, survive restarts, and report every item that failed.
          </p>
        }
      />
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="jobs-table">
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Job</th>
            <th scope="col" className="px-3 py-2 font-medium">Status</th>
            <th scope="col" className="w-1/3 px-3 py-2 font-medium">Progress</th>
            <th scope="col" className="px-3 py-2 font-medium">Started</th>
            <th scope="col" className="px-3 py-2 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

"use client";

import type { ClusterView, PreviewView } from "./types";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type PreviewSummaryProps = {
  preview: PreviewView | undefined;
  error: Error | null;
  isFetching: boolean;
  clusters: ClusterView[];
};

/** "At τ=0.80: 12 clusters (5 with several descriptions), 2 current clusters would join, 1 would split", with the details. */
export function PreviewSummary({ preview, error, isFetching, clusters }: PreviewSummaryProps) {
  if (error && !preview) return <p role="alert" className="text-xs text-red-700">Preview failed: {error.message}</p>;
  if (!preview) return <p className="text-xs text-zinc-500">Computing the preview…</p>;
  const joined = preview.joins.reduce((n, join) => n + join.clusterIds.length, 0);
  const describe = (id: string) => clusters.find((cluster) => cluster.id === id)?.canonicalDescription ?? id.slice(0, 8);
  const isUnchanged = joined === 0 && preview.splits.length === 0;
  return (
    <div
      className="space-y-1.5 rounded-md bg-zinc-50 px-3 py-2 text-sm ring-1 ring-zinc-200 ring-inset"
      data-testid="preview-summary"
      data-threshold={preview.threshold}
      data-clusters={preview.preview.clusters}
      data-joins={joined}
      data-splits={preview.splits.length}
      aria-busy={isFetching}
      role="status"
      aria-live="polite"
    >
      <p>
        At <strong className="font-semibold">τ = {preview.threshold.toFixed(2)}</strong> ({preview.linkage}):{" "}
        <strong className="font-semibold" data-testid="preview-counts">
          {plural(preview.preview.clusters, "cluster")} ({preview.preview.multiMember} with several descriptions)
        </strong>
        {isUnchanged ? ", the same groups as now" : `, ${plural(joined, "current cluster")} would join, ${preview.splits.length} would split`}
        <span className="text-zinc-500">
          {" "}
          · now {plural(preview.current.clusters, "cluster")} ({preview.current.multiMember} with several)
          {isFetching ? " · updating…" : ""}
        </span>
      </p>
      {preview.joins.length > 0 || preview.splits.length > 0 ? (
        <details className="text-xs text-zinc-700">
          <summary className="cursor-pointer text-zinc-600 hover:text-zinc-900">Which clusters change</summary>
          <ul className="mt-1 space-y-1 pl-4">
            {preview.joins.map((join, index) => (
              <li key={`join-${index}`} className="list-disc">
                <span className="font-medium">Join</span> {join.clusterIds.length} clusters:{" "}
                {join.clusterIds.map((id) => `“${describe(id)}”`).join(" + ")}
              </li>
            ))}
            {preview.splits.map((split) => (
              <li key={`split-${split.clusterId}`} className="list-disc">
                <span className="font-medium">Split</span> “{describe(split.clusterId)}” into {split.into}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

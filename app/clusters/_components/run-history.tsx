import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/trajectories/local-time";
import type { RunView } from "./types";

const TONE: Record<string, BadgeTone> = { running: "accent", succeeded: "success", failed: "danger" };

function duration(run: RunView): string {
  if (!run.finishedAt) return "";
  const seconds = (Date.parse(run.finishedAt) - Date.parse(run.createdAt)) / 1000;
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds / 60)} min`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The run's figures as short lines (also the run panel's "last run" line). */
export function figures(run: RunView): string[] {
  const s = run.stats;
  if (!s) return [];
  const lines = [
    `${plural(s.tips ?? 0, "tip")} → ${plural(s.descriptions ?? 0, "description")} → ${plural(s.clusters ?? 0, "cluster")} (${s.multiMemberClusters ?? 0} with several)`,
    `${plural(s.proposals ?? 0, "new proposal")}${s.autoAccepted ? `, ${s.autoAccepted} auto-accepted` : ""}`,
  ];
  if (s.llmCalls) lines.push(`${s.llmCalls} LLM calls${s.cachedCalls ? ` (${s.cachedCalls} cached)` : ""}, ${(s.tokens ?? 0).toLocaleString("en-US")} tokens, ${s.costUsd == null ? "cost unknown" : `$${s.costUsd.toFixed(4)}`}`);
  if (s.clusteringMethod) lines.push(`clustering: ${s.clusteringMethod}`);
  if (s.issues && s.issues.length > 0) lines.push(`${plural(s.issues.length, "issue")} (see the job)`);
  return lines;
}

/** Every consolidation run of the project, newest first: when, how, with what parameters, what it produced. */
export function RunHistory({ runs }: { runs: RunView[] }) {
  if (runs.length === 0) {
    return <EmptyState title="No consolidation run yet" description={<p>Each run is listed here with its method, threshold and linkage, what it produced and what it cost.</p>} />;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="run-history">
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">When</th>
            <th scope="col" className="px-3 py-2 font-medium">Method</th>
            <th scope="col" className="px-3 py-2 font-medium">Parameters</th>
            <th scope="col" className="px-3 py-2 font-medium">Result</th>
            <th scope="col" className="px-3 py-2 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {runs.map((run) => (
            <tr key={run.id} data-testid="run-row" data-status={run.status} className="align-top">
              <td className="px-3 py-2 text-xs whitespace-nowrap">
                <LocalTime iso={run.createdAt} />
                <div className="text-zinc-400">{[duration(run), run.actor && `by ${run.actor}`].filter(Boolean).join(" · ")}</div>
              </td>
              <td className="px-3 py-2 text-xs">
                {run.method === "llm" ? "LLM" : "offline"} · {run.mode}
              </td>
              <td className="px-3 py-2 text-xs whitespace-nowrap">
                τ = {run.threshold.toFixed(2)} · {run.linkage}
                <div className="font-mono text-zinc-400">{run.model}</div>
              </td>
              <td className="px-3 py-2 text-xs text-zinc-700">
                {figures(run).map((line) => (
                  <div key={line}>{line}</div>
                ))}
                {run.error ? <div className="text-red-700">{run.error}</div> : null}
              </td>
              <td className="px-3 py-2 text-xs">
                <Badge tone={TONE[run.status] ?? "neutral"}>{run.status}</Badge>
                {run.jobId ? (
                  <div className="mt-1">
                    <Link href="/jobs" className="text-zinc-500 hover:underline">job {run.jobId.slice(0, 8)}</Link>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { queryKeys } from "@/lib/query-keys";
import type { EvaluationReport } from "@/lib/retrieval/evaluation/evaluate";
import type { GridCell } from "@/lib/retrieval/evaluation/metrics";
import { F1Chart, topKLabel } from "./f1-chart";
import { fetchEvaluation } from "./fetchers";
import { SaveDefaults } from "./save-defaults";
import type { ProjectRetrievalSettings } from "./types";

const pct = (value: number) => value.toFixed(2);

/** Runs cosine retrieval over the evaluation set across τ × k: a table, a chart and the best setting. */
export function EvaluationResults({ projectId, defaults, taskCount }: { projectId: string; defaults: ProjectRetrievalSettings; taskCount: number }) {
  const [run, setRun] = useState(0);
  const report = useQuery({
    queryKey: queryKeys.retrieval.evaluation(projectId, run),
    queryFn: ({ signal }) => fetchEvaluation(projectId, signal),
    enabled: run > 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  return (
    <Card data-testid="evaluation-results">
      <CardHeader>
        <CardTitle>Precision, recall and F1 across τ and k</CardTitle>
        <Button size="sm" variant="primary" onClick={() => setRun((count) => count + 1)} disabled={taskCount === 0 || report.isFetching} data-testid="evaluation-run">
          {report.isFetching ? "Evaluating…" : run > 0 ? "Run again" : "Run evaluation"}
        </Button>
      </CardHeader>
      <CardBody className="space-y-4">
        <p className="text-xs text-zinc-500">
          Cosine retrieval for every task, τ from 0.30 to 0.90 × k none / 1 / 3 / 5 / 10, with the project&apos;s granularity and approved-only setting and no application filter. Each task is embedded
          once and re-ranked in memory. Micro-averaged over tasks; precision of an empty selection counts as 1 (no wrong tip injected), so selecting nothing scores F1 = 0. Best: highest F1, then
          precision, then fewer tips, then higher τ, then smaller k. Nothing is logged.
        </p>
        {taskCount === 0 ? <p className="text-sm text-zinc-500">Add or derive tasks first.</p> : null}
        {report.isError ? <p role="alert" className="text-sm text-red-700">{report.error.message}</p> : null}
        {report.data ? <Report report={report.data} projectId={projectId} defaults={defaults} /> : null}
      </CardBody>
    </Card>
  );
}

function Report({ report, projectId, defaults }: { report: EvaluationReport; projectId: string; defaults: ProjectRetrievalSettings }) {
  const { best, current } = report;
  const cell = (threshold: number, topK: number | null) => report.cells.find((c) => c.threshold === threshold && c.topK === topK);
  return (
    <div className="space-y-4" data-testid="evaluation-report">
      <p className="text-xs text-zinc-600">
        {report.tasks} tasks against {report.candidateTips} indexed tips ({report.settings.model}, {report.settings.granularity === "both" ? "task + subtask" : report.settings.granularity} tips,{" "}
        {report.settings.approvedOnly ? "approved only" : "approved and proposed"}) in {report.latencyMs} ms.
        {report.unindexedTips > 0 ? ` ${report.unindexedTips} retrievable tips are not indexed yet and cannot be retrieved.` : ""}
        {report.staleExpected > 0 ? ` ${report.staleExpected} expected tips are no longer approved and were left out.` : ""}
      </p>
      {best ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm" data-testid="evaluation-best" data-threshold={best.threshold} data-top-k={best.topK ?? "none"}>
          <span>
            Best: <strong>τ {best.threshold.toFixed(2)}, {topKLabel(best.topK)}</strong> — P {pct(best.precision)} · R {pct(best.recall)} · F1 {pct(best.f1)}
            {current ? (
              <span className="text-zinc-600">
                {" "}
                (current default τ {current.threshold.toFixed(2)}, {topKLabel(current.topK)}: F1 {pct(current.f1)})
              </span>
            ) : null}
          </span>
          <SaveDefaults projectId={projectId} settings={{ strategy: "cosine", threshold: best.threshold, topK: best.topK, granularity: report.settings.granularity }} defaults={defaults} label="Use as project default" testId="evaluation-use-best" />
        </div>
      ) : null}
      <F1Chart cells={report.cells} thresholds={report.thresholds} topKs={report.topKs} best={best} />
      <div className="overflow-x-auto rounded-md ring-1 ring-zinc-200">
        <table className="w-full text-xs tabular-nums" data-testid="evaluation-table">
          <thead className="bg-zinc-50 text-zinc-600">
            <tr>
              <th className="px-2 py-1.5 text-left font-medium">τ</th>
              {report.topKs.map((topK) => (
                <th key={String(topK)} className="px-2 py-1.5 text-right font-medium">
                  {topKLabel(topK)} <span className="font-normal text-zinc-400">P / R / F1</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {report.thresholds.map((threshold) => (
              <tr key={threshold}>
                <td className="px-2 py-1 font-medium">{threshold.toFixed(2)}</td>
                {report.topKs.map((topK) => (
                  <Cell key={String(topK)} cell={cell(threshold, topK)} isBest={best !== null && best.threshold === threshold && best.topK === topK} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.perTask.length > 0 && best ? (
        <details className="text-xs text-zinc-600">
          <summary className="cursor-pointer select-none">Each task at the best setting</summary>
          <ul className="mt-1 space-y-0.5">
            {report.perTask.map((task) => (
              <li key={task.id} className={cn(task.truePositives < task.expected || task.selected > task.truePositives ? "text-amber-800" : "")}>
                {task.truePositives}/{task.expected} found, {task.selected} selected — {task.task}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function Cell({ cell, isBest }: { cell: GridCell | undefined; isBest: boolean }) {
  if (!cell) return <td className="px-2 py-1 text-right text-zinc-300">—</td>;
  return (
    <td className={cn("px-2 py-1 text-right", isBest && "bg-emerald-100 font-semibold text-emerald-900")} data-best={isBest || undefined} title={`TP ${cell.truePositives} · FP ${cell.falsePositives} · FN ${cell.falseNegatives} · ${cell.meanSelected.toFixed(1)} tips per task`}>
      {pct(cell.precision)} / {pct(cell.recall)} / <strong>{pct(cell.f1)}</strong>
    </td>
  );
}

"use client";

import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { EvaluationResults } from "./evaluation-results";
import { EvaluationSet } from "./evaluation-set";
import { Playground } from "./playground";
import type { RetrievalPageData } from "./types";

type Tab = "playground" | "evaluation";

/** The Retrieval page: the playground, and the evaluation set that chooses defaults with evidence. */
export function RetrievalWorkspace({ data }: { data: RetrievalPageData }) {
  const [tab, setTab] = useState<Tab>("playground");
  return (
    <div className="space-y-4">
      {data.indexedApprovedTips < data.approvedTips ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="unindexed-warning">
          {data.approvedTips - data.indexedApprovedTips} of {data.approvedTips} approved tips are not indexed under the current embedder ({data.embeddingModel}) yet, so retrieval cannot
          return them. The reindex job indexes them.
        </p>
      ) : null}
      <div role="tablist" aria-label="Retrieval views" className="inline-flex rounded-md ring-1 ring-zinc-200">
        {(
          [
            ["playground", "Playground"],
            ["evaluation", `Evaluation set (${data.evaluationSet.length})`],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            onClick={() => setTab(value)}
            className={cn("px-3 py-1.5 text-sm first:rounded-l-md last:rounded-r-md", tab === value ? "bg-accent-600 text-white" : "bg-white text-zinc-700 hover:bg-zinc-50")}
            data-testid={`tab-${value}`}
          >
            {label}
          </button>
        ))}
      </div>
      {/* Both stay mounted: switching tabs keeps the task, the settings and an evaluation's results. */}
      <div role="tabpanel" hidden={tab !== "playground"}>
        <Playground data={data} />
      </div>
      <div role="tabpanel" hidden={tab !== "evaluation"} className="space-y-4">
        <EvaluationSet projectId={data.projectId} tasks={data.evaluationSet} />
        <EvaluationResults projectId={data.projectId} defaults={data.defaults} taskCount={data.evaluationSet.length} />
      </div>
    </div>
  );
}

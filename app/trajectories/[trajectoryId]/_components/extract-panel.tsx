"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ExtractionProgress } from "@/components/tips/extraction-progress";
import { queryKeys } from "@/lib/query-keys";
import { withProject } from "@/lib/trajectories/project-param";
import type { ExtractionEstimate } from "@/lib/extraction/estimate-extraction";
import type { ExtractionModels } from "@/lib/extraction/model-overrides";
import { useReviewer } from "../../../review/_components/use-reviewer";
import { estimateExtractionAction, startExtractionAction } from "../../extraction-actions";
import { ExtractModels, useModelChoice } from "./extract-models";

type Mode = "llm" | "offline";
type Granularity = "task" | "subtask" | "both";

const GRANULARITIES: { value: Granularity; label: string; hint: string }[] = [
  { value: "task", label: "Task", hint: "the whole run as one unit" },
  { value: "subtask", label: "Subtask", hint: "segmented into subtasks, 2–4 tips each" },
  { value: "both", label: "Both", hint: "task and subtask tips" },
];

async function estimate(trajectoryId: string, granularity: Granularity, mode: Mode, models?: ExtractionModels) {
  const result = await estimateExtractionAction({ trajectoryIds: [trajectoryId], granularity, mode, models });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

function formatCost({ costUsd, unpricedModels }: ExtractionEstimate): string {
  if (costUsd === null) return `cost unknown: no price for ${unpricedModels.join(", ") || "the chosen model"}`;
  return `≈ $${costUsd.toFixed(costUsd > 0 && costUsd < 0.01 ? 4 : 2)}`;
}

/** "Extract tips" on the viewer: choose extractor and granularity, see the cost, start, follow the job. */
export function ExtractPanel({ trajectoryId, projectSlug }: { trajectoryId: string; projectSlug: string }) {
  const queryClient = useQueryClient();
  const [chosenMode, setChosenMode] = useState<Mode | null>(null);
  const [granularity, setGranularity] = useState<Granularity>("task");
  const [jobId, setJobId] = useState<string | null>(null);
  const [actor] = useReviewer(); // recorded as who proposed the tips
  // The offline estimate is free and says whether an LLM endpoint is configured.
  // It also carries the Settings models the model fields start from.
  const probe = useQuery({ queryKey: ["extraction-estimate", trajectoryId, "task", "offline", null], queryFn: () => estimate(trajectoryId, "task", "offline"), staleTime: 60_000 });
  const llmConfigured = probe.data?.llmConfigured;
  const mode: Mode | null = chosenMode ?? (llmConfigured === undefined ? null : llmConfigured ? "llm" : "offline");
  const effectiveGranularity = mode === "offline" ? "task" : granularity;
  const models = useModelChoice(probe.data?.models);
  const overrides = mode === "llm" ? models.overrides : undefined;
  const cost = useQuery({
    queryKey: ["extraction-estimate", trajectoryId, effectiveGranularity, mode, overrides ?? null],
    queryFn: () => estimate(trajectoryId, effectiveGranularity, mode!, overrides),
    enabled: mode !== null,
    staleTime: 60_000,
  });
  const canStart = Boolean(cost.data) && (mode !== "llm" || models.isReady);
  const start = useMutation({
    mutationFn: () => startExtractionAction({ trajectoryIds: [trajectoryId], granularity: effectiveGranularity, mode: mode!, models: overrides, actor }),
    onSuccess: (result) => {
      if (!result.ok) return;
      setJobId(result.data.jobId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all });
    },
  });
  const error = probe.error ?? cost.error;
  const startError = start.data && !start.data.ok ? start.data.error.message : start.isError ? "The server could not be reached. Retry." : null;

  return (
    <Card data-testid="extract-panel">
      <CardHeader>
        <CardTitle>Extract tips</CardTitle>
        <Link href={withProject("/review", projectSlug, { trajectory: trajectoryId, status: "all" })} className="text-xs text-accent-700 hover:underline">
          Tips from this run
        </Link>
      </CardHeader>
      <CardBody className="space-y-3">
        {jobId ? (
          <>
            <ExtractionProgress jobId={jobId} reviewHref={withProject("/review", projectSlug, { trajectory: trajectoryId })} />
            <Button size="sm" variant="ghost" onClick={() => setJobId(null)}>Extract again</Button>
          </>
        ) : (
          <>
            <Choices legend="Extractor">
              <Radio name="extract-mode" checked={mode === "llm"} disabled={llmConfigured === false} onChange={() => setChosenMode("llm")} testId="extract-mode-llm" label="LLM" hint="outcome, decision attribution, strategy / recovery / optimization tips" />
              <Radio name="extract-mode" checked={mode === "offline"} onChange={() => setChosenMode("offline")} testId="extract-mode-offline" label="Offline (heuristic)" hint="no LLM: tips from errors and their recoveries, dead ends, repeated calls" />
            </Choices>
            {llmConfigured === false ? (
              <p className="text-xs text-amber-800" data-testid="extract-no-llm">
                No LLM endpoint is configured, so the offline extractor is selected. It finds fewer, narrower lessons; set an endpoint in{" "}
                <Link href="/settings" className="font-medium underline">Settings</Link> for the full pipeline.
              </p>
            ) : null}
            <Choices legend="Granularity" disabled={mode === "offline"} note={mode === "offline" ? "The offline extractor always reads the whole run." : undefined}>
              {GRANULARITIES.map((option) => (
                <Radio key={option.value} name="extract-granularity" checked={effectiveGranularity === option.value} onChange={() => setGranularity(option.value)} testId={`extract-granularity-${option.value}`} label={option.label} hint={option.hint} />
              ))}
            </Choices>
            {mode === "llm" ? <ExtractModels choice={models} settingsModels={probe.data?.models} granularity={effectiveGranularity} /> : null}
            <div className="rounded-md bg-zinc-50 px-3 py-2 text-sm ring-1 ring-zinc-200 ring-inset" data-testid="extract-estimate" data-ready={cost.data ? "true" : "false"}>
              {error ? (
                <span className="text-red-700">Estimate failed: {error.message}</span>
              ) : !cost.data ? (
                <span className="text-zinc-500">Estimating cost…</span>
              ) : mode === "offline" ? (
                <span><strong className="font-semibold">$0</strong> · no LLM calls</span>
              ) : (
                <span>
                  <strong className="font-semibold" data-testid="extract-estimate-cost">{formatCost(cost.data)}</strong> · {cost.data.calls} LLM calls · {cost.data.inputTokens.toLocaleString("en-US")} input + ~{cost.data.outputTokens.toLocaleString("en-US")} output tokens
                  <span className="text-zinc-500"> (estimate; cached calls cost nothing)</span>
                </span>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="primary" onClick={() => start.mutate()} disabled={!canStart || start.isPending} data-testid="extract-start">
                {start.isPending ? "Starting…" : "Start extraction"}
              </Button>
              {startError ? <span role="alert" className="text-sm text-red-700">{startError}</span> : null}
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}

function Choices({ legend, disabled, note, children }: { legend: string; disabled?: boolean; note?: string; children: ReactNode }) {
  return (
    <fieldset disabled={disabled} className="space-y-1">
      <legend className="mb-1 text-xs font-medium text-zinc-700">{legend}</legend>
      <div className={cn("flex flex-wrap gap-x-4 gap-y-1", disabled && "opacity-50")}>{children}</div>
      {note ? <p className="text-xs text-zinc-500">{note}</p> : null}
    </fieldset>
  );
}

function Radio(props: { name: string; checked: boolean; disabled?: boolean; onChange: () => void; testId: string; label: string; hint: string }) {
  return (
    <label className={cn("flex max-w-xs items-start gap-1.5 text-sm", props.disabled ? "text-zinc-400" : "text-zinc-800")}>
      <input type="radio" name={props.name} checked={props.checked} disabled={props.disabled} onChange={props.onChange} className="mt-1 accent-accent-600" data-testid={props.testId} />
      <span>
        <span className="font-medium">{props.label}</span> <span className="text-xs text-zinc-500">— {props.hint}</span>
      </span>
    </label>
  );
}

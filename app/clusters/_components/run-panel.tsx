"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { LocalTime } from "@/components/trajectories/local-time";
import { figures } from "./run-history";
import { RunProgress } from "./run-progress";
import { ThresholdControls } from "./threshold-controls";
import type { ConsolidationDefaults, RunView } from "./types";
import type { ConsolidationRun } from "./use-consolidation-run";

type RunPanelProps = {
  projectId: string;
  llmConfigured: boolean;
  defaults: ConsolidationDefaults;
  threshold: number;
  linkage: string;
  onThreshold: (value: number) => void;
  onLinkage: (value: string) => void;
  /** The live preview of these parameters. */
  preview: ReactNode;
  run: ConsolidationRun;
  /** The newest run, for the "last run" line. */
  lastRun: RunView | null;
};

/** Parameters with their live preview, and "Run consolidation" (offline or LLM) with the job's progress. */
export function RunPanel({ projectId, llmConfigured, defaults, threshold, linkage, onThreshold, onLinkage, preview, run, lastRun }: RunPanelProps) {
  return (
    <Card data-testid="run-panel">
      <CardHeader>
        <CardTitle>Run consolidation</CardTitle>
        <span className="text-right text-xs text-zinc-500">Generalize descriptions, cluster them, propose merges. No tip changes until a proposal is accepted.</span>
      </CardHeader>
      <CardBody className="space-y-3">
        <ThresholdControls projectId={projectId} threshold={threshold} linkage={linkage} defaults={defaults} onThreshold={onThreshold} onLinkage={onLinkage} />
        {preview}
        <fieldset className="space-y-1">
          <legend className="mb-1 text-xs font-medium text-zinc-700">Method</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            <Radio checked={run.method === "llm"} disabled={!llmConfigured} onChange={() => run.setMethod("llm")} testId="method-llm" label="LLM" hint="generalizes descriptions, merges complementary tips, resolves conflicts" />
            <Radio checked={run.method === "offline"} onChange={() => run.setMethod("offline")} testId="method-offline" label="Offline" hint="no LLM: rule-based generalization, exact and near-duplicate merges only" />
          </div>
          {!llmConfigured ? (
            <p className="text-xs text-amber-800" data-testid="method-no-llm">
              No LLM endpoint is configured, so consolidation runs offline: it proposes merges of (near-)duplicates only and does not resolve conflicts. Set an endpoint in{" "}
              <Link href="/settings" className="font-medium underline">Settings</Link> for the full pipeline.
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <RunButton run={run} threshold={threshold} linkage={linkage} />
          {run.startError ? <span role="alert" className="text-sm text-red-700">{run.startError}</span> : null}
          {lastRun && !run.isRunning ? (
            <span className="text-xs text-zinc-500" data-testid="last-run">
              Last run <LocalTime iso={lastRun.createdAt} /> ({lastRun.method === "llm" ? "LLM" : "offline"}, τ = {lastRun.threshold.toFixed(2)}, {lastRun.linkage}):{" "}
              {lastRun.status === "failed" ? <span className="text-red-700">failed{lastRun.error ? ` — ${lastRun.error}` : ""}</span> : lastRun.status === "running" ? "still running" : figures(lastRun).slice(0, 2).join("; ")}
            </span>
          ) : null}
        </div>
        {run.jobId ? <RunProgress key={run.jobId} jobId={run.jobId} onFinished={(status) => run.onFinished(run.jobId!, status)} /> : null}
      </CardBody>
    </Card>
  );
}

export function RunButton({ run, threshold, linkage }: { run: ConsolidationRun; threshold: number; linkage: string }) {
  return (
    <Button variant="primary" onClick={run.start} disabled={!run.canStart} data-testid="run-consolidation">
      {run.isStarting ? "Starting…" : run.isRunning ? "Running…" : `Run consolidation (${run.method === "llm" ? "LLM" : "offline"}, τ = ${threshold.toFixed(2)}, ${linkage})`}
    </Button>
  );
}

function Radio(props: { checked: boolean; disabled?: boolean; onChange: () => void; testId: string; label: string; hint: string }) {
  return (
    <label className={cn("flex max-w-sm items-start gap-1.5 text-sm", props.disabled ? "text-zinc-400" : "text-zinc-800")}>
      <input type="radio" name="consolidation-method" checked={props.checked} disabled={props.disabled} onChange={props.onChange} className="mt-1 accent-accent-600" data-testid={props.testId} />
      <span>
        <span className="font-medium">{props.label}</span> <span className="text-xs text-zinc-500">— {props.hint}</span>
      </span>
    </label>
  );
}

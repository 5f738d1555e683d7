"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { fieldDescribedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { LINKAGES } from "@/lib/consolidation/cluster/linkage";
import { saveConsolidationSettingsAction } from "../actions";
import type { ConsolidationDefaults } from "./types";

export const LINKAGE_HINTS: Record<string, string> = {
  average: "average: the mean similarity of all pairs across two groups (default)",
  single: "single: any one close pair joins two groups (long chains)",
  complete: "complete: every pair must be close (tight groups)",
};

const SLIDER_MIN = 0.3;

export function isValidThreshold(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value <= 1;
}

type ThresholdControlsProps = {
  projectId: string;
  threshold: number;
  linkage: string;
  defaults: ConsolidationDefaults;
  onThreshold: (value: number) => void;
  onLinkage: (value: string) => void;
};

/** τ (slider + number) and linkage, with "Save as project default" and the auto-accept switch. */
export function ThresholdControls({ projectId, threshold, linkage, defaults, onThreshold, onLinkage }: ThresholdControlsProps) {
  const router = useRouter();
  const [draft, setDraft] = useState<string | null>(null);
  const [isRefreshing, startRefresh] = useTransition();
  const save = useMutation({
    mutationFn: saveConsolidationSettingsAction,
    onSuccess: (result) => {
      if (result.ok) startRefresh(() => router.refresh());
    },
  });
  const shown = draft ?? threshold.toFixed(2);
  const draftValue = Number(shown);
  const draftError = draft !== null && !isValidThreshold(draftValue) ? "Between 0 (exclusive) and 1." : undefined;
  const isDefault = Math.abs(threshold - defaults.threshold) < 1e-9 && linkage === defaults.linkage;
  const failure = save.data && !save.data.ok ? save.data.error.message : save.isError ? "The server could not be reached. Retry." : null;
  const hint = "Cosine similarity of generalized descriptions at which they cluster (the paper: 0.85).";

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <Field htmlFor="consolidation-threshold" label="Threshold τ" error={draftError} className="w-24">
          <Input
            id="consolidation-threshold"
            type="number"
            inputMode="decimal"
            min={0.01}
            max={1}
            step={0.01}
            value={shown}
            aria-invalid={Boolean(draftError)}
            aria-describedby={fieldDescribedBy("consolidation-threshold", { error: draftError })}
            onChange={(event) => {
              setDraft(event.target.value);
              const value = Number(event.target.value);
              if (event.target.value !== "" && isValidThreshold(value)) onThreshold(value);
            }}
            onBlur={() => setDraft(null)}
            data-testid="threshold-input"
          />
        </Field>
        <div className="min-w-48 flex-1 space-y-1">
          <label htmlFor="consolidation-threshold-slider" className="block text-xs font-medium text-zinc-700">
            Drag to preview
          </label>
          <input
            id="consolidation-threshold-slider"
            type="range"
            min={SLIDER_MIN}
            max={1}
            step={0.01}
            value={Math.max(SLIDER_MIN, threshold)}
            onChange={(event) => {
              setDraft(null);
              onThreshold(Number(event.target.value));
            }}
            aria-valuetext={`τ = ${threshold.toFixed(2)}`}
            className="h-8 w-full accent-accent-600"
            data-testid="threshold-slider"
          />
        </div>
        <Field htmlFor="consolidation-linkage" label="Linkage" className="w-32">
          <Select id="consolidation-linkage" value={linkage} onChange={(event) => onLinkage(event.target.value)} data-testid="linkage-select">
            {LINKAGES.map((value) => (
              <option key={value} value={value}>{value}</option>
            ))}
          </Select>
        </Field>
      </div>
      <p className="text-xs text-zinc-500">
        {hint} {LINKAGE_HINTS[linkage] ?? ""}.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          onClick={() => save.mutate({ projectId, threshold, linkage: linkage as (typeof LINKAGES)[number] })}
          disabled={isDefault || save.isPending || isRefreshing || Boolean(draftError)}
          data-testid="save-default"
          title={isDefault ? "These are the project's defaults" : "Use this threshold and linkage for every run of this project"}
        >
          {save.isPending || isRefreshing ? "Saving…" : "Save as project default"}
        </Button>
        <span className="text-xs text-zinc-500" data-testid="project-defaults">
          Project default: τ = {defaults.threshold.toFixed(2)}, {defaults.linkage}
        </span>
        {failure ? <span role="alert" className="text-xs text-red-700">{failure}</span> : null}
        <AutoAcceptSwitch projectId={projectId} isOn={defaults.autoAcceptMerges} />
      </div>
    </div>
  );
}

/** The project's opt-in policy: merges of unreviewed tips are accepted by the run itself. */
function AutoAcceptSwitch({ projectId, isOn }: { projectId: string; isOn: boolean }) {
  const router = useRouter();
  const [isRefreshing, startRefresh] = useTransition();
  const save = useMutation({
    mutationFn: saveConsolidationSettingsAction,
    onSuccess: (result) => {
      if (result.ok) startRefresh(() => router.refresh());
    },
  });
  const isBusy = save.isPending || isRefreshing;
  const checked = isBusy && save.variables ? Boolean(save.variables.autoAcceptMerges) : isOn;
  const failure = save.data && !save.data.ok ? save.data.error.message : null;
  return (
    <label className="ml-auto flex items-center gap-1.5 text-xs text-zinc-700" title="Merges whose sources are all unreviewed proposals are accepted when a run makes them; approved tips still wait for a person.">
      <input type="checkbox" checked={checked} disabled={isBusy} onChange={(event) => save.mutate({ projectId, autoAcceptMerges: event.target.checked })} className="accent-accent-600" data-testid="auto-accept" />
      Auto-accept merges of unreviewed tips
      {failure ? <span role="alert" className="text-red-700">{failure}</span> : null}
    </label>
  );
}

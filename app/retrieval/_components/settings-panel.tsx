"use client";

import Link from "next/link";
import { useState } from "react";
import { Field, fieldDescribedBy } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { MAX_TOP_K, RETRIEVAL_GRANULARITIES } from "@/lib/retrieval/schema";
import type { ColumnSettings } from "./types";

const GRANULARITY_LABELS: Record<string, string> = { both: "Task and subtask tips", task: "Task-level tips", subtask: "Subtask tips" };

type SettingsPanelProps = {
  /** "" for column A, "b-" for B: prefixes ids and test ids. */
  prefix: string;
  value: ColumnSettings;
  onChange: (next: ColumnSettings) => void;
  isLlmConfigured: boolean;
};

/** Strategy, τ (slider + number), top-k and granularity of one playground column. */
export function SettingsPanel({ prefix, value, onChange, isLlmConfigured }: SettingsPanelProps) {
  const set = (patch: Partial<ColumnSettings>) => onChange({ ...value, ...patch });
  const id = (name: string) => `${prefix}retrieval-${name}`;
  return (
    <div className="space-y-3">
      <fieldset className="space-y-1">
        <legend className="text-xs font-medium text-zinc-700">Strategy</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-1.5">
            <input type="radio" name={id("strategy")} checked={value.strategy === "cosine"} onChange={() => set({ strategy: "cosine" })} className="accent-accent-600" data-testid={`${prefix}strategy-cosine`} />
            Cosine
          </label>
          <label className={isLlmConfigured ? "flex items-center gap-1.5" : "flex items-center gap-1.5 text-zinc-400"}>
            <input
              type="radio"
              name={id("strategy")}
              checked={value.strategy === "llm"}
              disabled={!isLlmConfigured}
              onChange={() => set({ strategy: "llm" })}
              className="accent-accent-600"
              data-testid={`${prefix}strategy-llm`}
            />
            LLM-guided
          </label>
        </div>
        <p className="text-xs text-zinc-500">
          {isLlmConfigured ? (
            "LLM-guided: one LLM call reads the task (applications, category priorities), then similarity × priority weights ranks; τ still applies to the similarity."
          ) : (
            <>
              LLM-guided selection needs an LLM endpoint: none is configured (<Link href="/settings" className="text-accent-700 hover:underline">Settings</Link>). Cosine needs no LLM.
            </>
          )}
        </p>
      </fieldset>
      <ThresholdControl prefix={prefix} value={value.threshold} onChange={(threshold) => set({ threshold })} />
      <div className="flex flex-wrap gap-3">
        <TopKControl prefix={prefix} value={value.topK} onChange={(topK) => set({ topK })} />
        <Field htmlFor={id("granularity")} label="Granularity" className="w-56">
          <Select id={id("granularity")} value={value.granularity} onChange={(event) => set({ granularity: event.target.value as ColumnSettings["granularity"] })} data-testid={`${prefix}granularity`}>
            {RETRIEVAL_GRANULARITIES.map((granularity) => (
              <option key={granularity} value={granularity}>
                {GRANULARITY_LABELS[granularity]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </div>
  );
}

function isValidThreshold(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 1;
}

/** τ as a slider (0–1, step 0.01) and a number field that follow each other. */
function ThresholdControl({ prefix, value, onChange }: { prefix: string; value: number; onChange: (value: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? value.toFixed(2);
  const error = draft !== null && (draft === "" || !isValidThreshold(Number(draft))) ? "Between 0 and 1." : undefined;
  const inputId = `${prefix}retrieval-threshold`;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field htmlFor={inputId} label="Threshold τ" error={error} className="w-24">
        <Input
          id={inputId}
          type="number"
          inputMode="decimal"
          min={0}
          max={1}
          step={0.01}
          value={shown}
          aria-invalid={Boolean(error)}
          aria-describedby={fieldDescribedBy(inputId, { error })}
          onChange={(event) => {
            setDraft(event.target.value);
            const next = Number(event.target.value);
            if (event.target.value !== "" && isValidThreshold(next)) onChange(next);
          }}
          onBlur={() => setDraft(null)}
          data-testid={`${prefix}threshold-input`}
        />
      </Field>
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={`${inputId}-slider`} className="block text-xs font-medium text-zinc-700">
          Similarity a tip&apos;s description needs (inclusive)
        </label>
        <input
          id={`${inputId}-slider`}
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={value}
          onChange={(event) => {
            setDraft(null);
            onChange(Number(event.target.value));
          }}
          aria-valuetext={`τ = ${value.toFixed(2)}`}
          className="h-8 w-full accent-accent-600"
          data-testid={`${prefix}threshold-slider`}
        />
      </div>
    </div>
  );
}

/** top-k: a whole number 1–100, or empty for no limit. */
function TopKControl({ prefix, value, onChange }: { prefix: string; value: number | null; onChange: (value: number | null) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === null ? "" : String(value));
  const parsed = Number(shown);
  const error = shown !== "" && !(Number.isInteger(parsed) && parsed >= 1 && parsed <= MAX_TOP_K) ? `A whole number from 1 to ${MAX_TOP_K}, or empty.` : undefined;
  const inputId = `${prefix}retrieval-top-k`;
  const hint = "Empty = no limit.";
  return (
    <Field htmlFor={inputId} label="Top k" hint={hint} error={error} className="w-32">
      <Input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_TOP_K}
        step={1}
        placeholder="no limit"
        value={shown}
        aria-invalid={Boolean(error)}
        aria-describedby={fieldDescribedBy(inputId, { hint, error })}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const next = Number(text);
          if (text === "") onChange(null);
          else if (Number.isInteger(next) && next >= 1 && next <= MAX_TOP_K) onChange(next);
        }}
        onBlur={() => setDraft(null)}
        data-testid={`${prefix}top-k`}
      />
    </Field>
  );
}

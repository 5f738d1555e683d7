"use client";

import { useEffect, useMemo, useState } from "react";
import { fieldDescribedBy } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { EXTRACTION_MODEL_STAGES, modelNameSchema, type ExtractionModels, type ExtractionModelStage } from "@/lib/extraction/model-overrides";

const STAGE_LABELS: Record<ExtractionModelStage, { label: string; hint: string }> = {
  extraction: { label: "Tips", hint: "writes the tips" },
  attribution: { label: "Attribution", hint: "outcome and decision attribution" },
  segmentation: { label: "Segmentation", hint: "splits the run into subtasks" },
};
const ESTIMATE_DEBOUNCE_MS = 300;

type ModelFields = Partial<Record<ExtractionModelStage, string>>;

export interface ModelChoice {
  /** What each field shows: the user's text, else the Settings model. */
  values: ModelFields;
  setValue: (stage: ExtractionModelStage, value: string) => void;
  errors: ModelFields;
  /** The stages whose model differs from Settings, debounced for the estimate; undefined = all from Settings. */
  overrides: ExtractionModels | undefined;
  /** False while typing has not settled into `overrides` yet, or a field is invalid. */
  isReady: boolean;
}

/** The three model fields of an extraction, prefilled with the Settings models; only changes are sent. */
export function useModelChoice(settingsModels: Record<ExtractionModelStage, string> | undefined): ModelChoice {
  const [edited, setEdited] = useState<ModelFields>({});
  const values: ModelFields = {};
  const errors: ModelFields = {};
  const changed: ExtractionModels = {};
  for (const stage of EXTRACTION_MODEL_STAGES) {
    const value = edited[stage] ?? settingsModels?.[stage] ?? "";
    values[stage] = value;
    // An emptied field means "the Settings model", as the placeholder says.
    if (value.trim() === "") continue;
    const parsed = modelNameSchema.safeParse(value);
    if (!parsed.success) errors[stage] = parsed.error.issues[0]?.message;
    else if (parsed.data !== settingsModels?.[stage]) changed[stage] = parsed.data;
  }
  const changedKey = Object.keys(changed).length > 0 ? JSON.stringify(changed) : "";
  const settledKey = useSettled(changedKey, ESTIMATE_DEBOUNCE_MS);
  const overrides = useMemo(() => (settledKey ? (JSON.parse(settledKey) as ExtractionModels) : undefined), [settledKey]);
  return {
    values,
    setValue: (stage, value) => setEdited((current) => ({ ...current, [stage]: value })),
    errors,
    overrides,
    isReady: Object.keys(errors).length === 0 && settledKey === changedKey,
  };
}

/** An expandable "Models" section: closed by default, so the usual run stays one click. */
export function ExtractModels({ choice, settingsModels, granularity }: { choice: ModelChoice; settingsModels: Record<ExtractionModelStage, string> | undefined; granularity: "task" | "subtask" | "both" }) {
  const summary = EXTRACTION_MODEL_STAGES.filter((stage) => stage !== "segmentation" || granularity !== "task")
    .map((stage) => choice.values[stage] || settingsModels?.[stage])
    .filter((model, index, all) => model && all.indexOf(model) === index)
    .join(", ");
  return (
    <details className="group rounded-md ring-1 ring-zinc-200 ring-inset" data-testid="extract-models">
      <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-zinc-700" data-testid="extract-models-toggle">
        Models <span className="font-normal text-zinc-500">— {summary || "loading…"}{choice.overrides ? " (changed for this run)" : " (from Settings)"}</span>
      </summary>
      <div className="grid gap-2 px-3 pt-1 pb-3 sm:grid-cols-3">
        {EXTRACTION_MODEL_STAGES.map((stage) => {
          const id = `extract-model-${stage}`;
          const error = choice.errors[stage];
          const hint = STAGE_LABELS[stage].hint;
          return (
            <div key={stage} className="space-y-1">
              <label htmlFor={id} className="block text-xs font-medium text-zinc-700">
                {STAGE_LABELS[stage].label}
              </label>
              <Input
                id={id}
                value={choice.values[stage] ?? ""}
                placeholder={settingsModels?.[stage] ?? ""}
                onChange={(event) => choice.setValue(stage, event.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={fieldDescribedBy(id, { hint, error })}
                spellCheck={false}
                autoComplete="off"
                data-testid={id}
              />
              <p id={`${id}-hint`} className="text-[11px] text-zinc-500">{hint}</p>
              {error ? (
                <p id={`${id}-error`} role="alert" className="text-[11px] text-red-700">{error}</p>
              ) : null}
            </div>
          );
        })}
      </div>
    </details>
  );
}

/** `key` once it has stopped changing for `ms`. */
function useSettled(key: string, ms: number): string {
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    if (key === settled) return;
    const timer = setTimeout(() => setSettled(key), ms);
    return () => clearTimeout(timer);
  }, [key, settled, ms]);
  return settled;
}

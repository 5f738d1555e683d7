"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { Select } from "@/components/ui/select";
import type { GuidelinesPreview } from "@/lib/retrieval/playground";
import { GUIDELINES_TEMPLATES, type GuidelinesTemplate } from "@/lib/retrieval/schema";

const TEMPLATE_LABELS: Record<GuidelinesTemplate, string> = { plain: "Plain text (the paper's)", markdown: "Markdown", xml: "XML-tagged" };

type GuidelinesPanelProps = {
  preview: GuidelinesPreview | undefined;
  isUpdating: boolean;
  error: Error | null;
  selectedCount: number;
  template: GuidelinesTemplate;
  projectTemplate: GuidelinesTemplate;
  onTemplate: (template: GuidelinesTemplate) => void;
  maxTokens: number | null;
  /** Content of each candidate tip by id, to name the dropped ones. */
  contentOf: (id: string) => string;
};

/** The exact block an agent would put in its prompt for the current cut, with Copy. */
export function GuidelinesPanel({ preview, isUpdating, error, selectedCount, template, projectTemplate, onTemplate, maxTokens, contentOf }: GuidelinesPanelProps) {
  const text = selectedCount === 0 ? "" : (preview?.text ?? "");
  return (
    <div className="space-y-3" data-testid="guidelines-panel" data-updating={isUpdating}>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="guidelines-template" className="text-xs font-medium text-zinc-700">
          Template
        </label>
        <div className="w-60">
          <Select id="guidelines-template" value={template} onChange={(event) => onTemplate(event.target.value as GuidelinesTemplate)} data-testid="guidelines-template">
            {GUIDELINES_TEMPLATES.map((value) => (
              <option key={value} value={value}>
                {TEMPLATE_LABELS[value]}
                {value === projectTemplate ? " — project's" : ""}
              </option>
            ))}
          </Select>
        </div>
        <span className="text-xs text-zinc-500" data-testid="guidelines-tokens">
          {selectedCount === 0 ? "No block" : preview ? `${preview.tokens} tokens · ${preview.included} of ${selectedCount} tips` : "Rendering…"}
          {maxTokens !== null ? ` · budget ${maxTokens} tokens (project setting)` : " · no token budget"}
        </span>
        {isUpdating ? <span className="text-xs text-zinc-400">Updating…</span> : null}
        <span className="ml-auto">
          <CopyButton text={text} label="Copy guidelines" testId="guidelines-copy" />
        </span>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
      {selectedCount === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-300 px-3 py-4 text-sm text-zinc-500" data-testid="guidelines-empty">
          No tip made the cut: the agent would get no guidelines block. Lower τ or widen the filters.
        </p>
      ) : (
        <pre className="max-h-[28rem] overflow-auto rounded-md bg-zinc-900 p-3 text-xs leading-relaxed whitespace-pre-wrap text-zinc-100" data-testid="guidelines-block">
          {text}
        </pre>
      )}
      {preview && preview.droppedTipIds.length > 0 && selectedCount > 0 ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-xs text-amber-900" data-testid="guidelines-dropped">
          <p className="font-medium">
            {preview.droppedTipIds.length} selected {preview.droppedTipIds.length === 1 ? "tip was" : "tips were"} dropped to stay within the {maxTokens}-token budget (lowest-ranked first):
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-4">
            {preview.droppedTipIds.map((id) => (
              <li key={id} className="line-clamp-1">
                {contentOf(id)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

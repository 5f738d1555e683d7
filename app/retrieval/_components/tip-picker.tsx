"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Input } from "@/components/ui/input";
import { queryKeys } from "@/lib/query-keys";
import type { TipSummaryView } from "@/lib/retrieval/evaluation/schema";
import { fetchApprovedTips } from "./fetchers";
import { useDebounced } from "@/components/ui/use-debounced";

type TipPickerProps = {
  projectId: string;
  selected: TipSummaryView[];
  onChange: (tips: TipSummaryView[]) => void;
};

/** Search the project's approved tips and tick the ones a task should retrieve. */
export function TipPicker({ projectId, selected, onChange }: TipPickerProps) {
  const [query, setQuery] = useState("");
  const q = useDebounced(query.trim(), 300);
  const tips = useQuery({ queryKey: queryKeys.retrieval.tips(projectId, q), queryFn: ({ signal }) => fetchApprovedTips(projectId, q, signal), placeholderData: keepPreviousData });
  const selectedIds = new Set(selected.map((tip) => tip.id));
  const toggle = (tip: TipSummaryView) => onChange(selectedIds.has(tip.id) ? selected.filter((other) => other.id !== tip.id) : [...selected, tip]);
  const listed = [...selected, ...(tips.data ?? []).filter((tip) => !selectedIds.has(tip.id))];
  return (
    <div className="space-y-2" data-testid="tip-picker">
      <Input type="search" aria-label="Search approved tips" placeholder="Search approved tips (content, purpose, application)…" value={query} onChange={(event) => setQuery(event.target.value)} data-testid="tip-picker-search" />
      {tips.isError ? <p role="alert" className="text-xs text-red-700">{tips.error.message}</p> : null}
      <ul className="max-h-64 divide-y divide-zinc-100 overflow-y-auto rounded-md ring-1 ring-zinc-200">
        {listed.length === 0 ? <li className="px-2 py-2 text-xs text-zinc-500">{tips.isPending ? "Loading…" : "No approved tip matches."}</li> : null}
        {listed.map((tip) => (
          <li key={tip.id}>
            <label className="flex cursor-pointer items-start gap-2 px-2 py-1.5 text-xs hover:bg-zinc-50">
              <input type="checkbox" checked={selectedIds.has(tip.id)} onChange={() => toggle(tip)} className="mt-0.5 accent-accent-600" data-testid="tip-picker-option" data-tip-id={tip.id} />
              <span className="flex-1">
                <span className="line-clamp-2 text-zinc-800">{tip.content}</span>
                <span className="text-zinc-500">
                  {tip.category} · {tip.priority} · {tip.application ?? "generic"} · {tip.granularity}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p className="text-xs text-zinc-500">{selected.length} selected · the 50 newest matches are listed.</p>
    </div>
  );
}

"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DebouncedSearchInput } from "@/components/ui/debounced-search-input";
import { Select } from "@/components/ui/select";
import { ORIGIN_LABEL } from "@/components/tips/tip-badges";
import { SOURCE_OUTCOMES, TIP_CATEGORIES, TIP_GRANULARITIES, TIP_ORIGINS, TIP_PRIORITIES } from "@/components/tips/types";
import { hasNarrowingFilters, type ReviewFilters } from "./review-query";

type ReviewFiltersBarProps = {
  filters: ReviewFilters;
  /** Applications seen in the project's trajectories. */
  applications: string[];
  onChange: (patch: Partial<ReviewFilters>) => void;
  onClear: () => void;
};

type Option = { value: string; label: string };
const plain = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));

/** The filter bar; every value is in the URL. Native, labelled controls: keyboard-friendly. */
export function ReviewFiltersBar({ filters, applications, onChange, onClear }: ReviewFiltersBarProps) {
  const apps = filters.application && !applications.includes(filters.application) ? [...applications, filters.application] : applications;
  const choice = (key: keyof ReviewFilters, label: string, options: Option[], width = "w-28") => (
    <Control id={`review-filter-${key}`} label={label} width={width}>
      <Select id={`review-filter-${key}`} value={filters[key] ?? ""} onChange={(event) => onChange({ [key]: event.target.value || undefined })} data-testid={`review-filter-${key}`}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </Select>
    </Control>
  );
  return (
    <form role="search" aria-label="Filter tips" className="mb-3 flex flex-wrap items-end gap-2" onSubmit={(event) => event.preventDefault()}>
      <SearchBox urlValue={filters.q ?? ""} onSearch={(q) => onChange({ q: q || undefined })} />
      {choice("category", "Category", plain(TIP_CATEGORIES))}
      {choice("priority", "Priority", plain(TIP_PRIORITIES), "w-24")}
      {choice("application", "Application", plain(apps), "w-32")}
      {choice("granularity", "Granularity", plain(TIP_GRANULARITIES), "w-24")}
      {choice("extractor", "Extractor", TIP_ORIGINS.map((origin) => ({ value: origin, label: ORIGIN_LABEL[origin] })), "w-28")}
      {choice("outcome", "Source outcome", plain(SOURCE_OUTCOMES))}
      {choice("flagged", "Flags", [{ value: "true", label: "Flagged" }, { value: "false", label: "Not flagged" }], "w-32")}
      {filters.trajectory ? (
        <div className="flex h-8 items-center gap-1.5 rounded-md border border-accent-200 bg-accent-50 px-2 text-xs text-accent-800" data-testid="review-filter-trajectory">
          Run{" "}
          <Link href={`/trajectories/${filters.trajectory}`} className="font-mono font-medium hover:underline" title="Open this trajectory">
            {filters.trajectory.slice(0, 8)}
          </Link>
          <button type="button" onClick={() => onChange({ trajectory: undefined })} aria-label="Remove the trajectory filter" className="rounded px-1 text-accent-700 hover:bg-accent-100">
            ×
          </button>
        </div>
      ) : null}
      {hasNarrowingFilters(filters) ? (
        <Button variant="ghost" onClick={onClear} data-testid="clear-filters">
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}

function Control({ id, label, width, children }: { id: string; label: string; width: string; children: ReactNode }) {
  return (
    <div className={`space-y-0.5 ${width}`}>
      <label htmlFor={id} className="block text-[11px] font-medium text-zinc-500">{label}</label>
      {children}
    </div>
  );
}


/** Text in content or purpose, applied after a pause in typing (Enter at once). */
function SearchBox({ urlValue, onSearch }: { urlValue: string; onSearch: (q: string) => void }) {
  return (
    <DebouncedSearchInput
      id="review-filter-q"
      label="Search tips"
      placeholder="Text in content or purpose"
      urlValue={urlValue}
      onSearch={onSearch}
      testId="review-filter-q"
      blurOnEscape // back to the shortcuts
      className="min-w-40 flex-1 space-y-0.5"
    />
  );
}

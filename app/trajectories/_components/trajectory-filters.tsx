"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DebouncedSearchInput } from "@/components/ui/debounced-search-input";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { OUTCOME_LABELS } from "@/lib/trajectory/schema";
import { hasActiveFilters, type ListFilters } from "./list-query";

export interface Facet {
  value: string;
  count: number;
}

type TrajectoryFiltersProps = {
  filters: ListFilters;
  facets: { formats: Facet[]; applications: Facet[] };
  formatLabels: Record<string, string>;
  onChange: (patch: Partial<ListFilters>) => void;
  onClear: () => void;
};


/** The filter bar: every control is a labelled native field, so it works with the keyboard. */
export function TrajectoryFilters({ filters, facets, formatLabels, onChange, onClear }: TrajectoryFiltersProps) {
  return (
    <form role="search" aria-label="Filter trajectories" className="mb-3 flex flex-wrap items-end gap-2" onSubmit={(e) => e.preventDefault()}>
      <SearchBox urlValue={filters.q ?? ""} onSearch={(q) => onChange({ q })} />
      <Control id="filter-application" width="w-36" label="Application">
        <Select id="filter-application" value={filters.application ?? ""} onChange={(e) => onChange({ application: e.target.value })}>
          <option value="">All</option>
          {withCurrent(facets.applications, filters.application).map((facet) => (
            <option key={facet.value} value={facet.value}>{facet.value} ({facet.count})</option>
          ))}
        </Select>
      </Control>
      <Control id="filter-outcome" width="w-28" label="Outcome">
        <Select id="filter-outcome" value={filters.outcome ?? ""} onChange={(e) => onChange({ outcome: e.target.value as ListFilters["outcome"] })} data-testid="filter-outcome">
          <option value="">All</option>
          {OUTCOME_LABELS.map((label) => <option key={label} value={label}>{label}</option>)}
        </Select>
      </Control>
      <Control id="filter-format" width="w-40" label="Format">
        <Select id="filter-format" value={filters.format ?? ""} onChange={(e) => onChange({ format: e.target.value })}>
          <option value="">All</option>
          {withCurrent(facets.formats, filters.format).map((facet) => (
            <option key={facet.value} value={facet.value}>{formatLabels[facet.value] ?? facet.value} ({facet.count})</option>
          ))}
        </Select>
      </Control>
      <Control id="filter-errors" width="w-32" label="Errors">
        <Select id="filter-errors" value={filters.hasErrors ?? ""} onChange={(e) => onChange({ hasErrors: e.target.value as ListFilters["hasErrors"] })}>
          <option value="">Any</option>
          <option value="true">Has errors</option>
          <option value="false">No errors</option>
        </Select>
      </Control>
      <Control id="filter-from" width="w-36" label="Imported from">
        <Input id="filter-from" type="date" value={filters.from ?? ""} max={filters.to} onChange={(e) => onChange({ from: e.target.value })} />
      </Control>
      <Control id="filter-to" width="w-36" label="to">
        <Input id="filter-to" type="date" value={filters.to ?? ""} min={filters.from} onChange={(e) => onChange({ to: e.target.value })} />
      </Control>
      {hasActiveFilters(filters) ? (
        <Button variant="ghost" onClick={onClear} data-testid="clear-filters">Clear filters</Button>
      ) : null}
    </form>
  );
}

/** A labelled filter control; the width sits on the wrapper because the controls are w-full. */
function Control({ id, label, width, children }: { id: string; label: string; width: string; children: ReactNode }) {
  return (
    <div className={`space-y-0.5 ${width}`}>
      <label htmlFor={id} className="block text-[11px] font-medium text-zinc-500">{label}</label>
      {children}
    </div>
  );
}

/**
 * Search on the task text, applied after a pause in typing (Enter applies it at once). The box
 * keeps its own text while typing; a URL change it did not make (Clear filters) replaces it.
 */
function SearchBox({ urlValue, onSearch }: { urlValue: string; onSearch: (q: string) => void }) {
  return (
    <DebouncedSearchInput
      id="filter-q"
      label="Search tasks"
      placeholder="Text in the task description"
      urlValue={urlValue}
      onSearch={onSearch}
      testId="filter-search"
      withIcon
      className="min-w-48 flex-1 space-y-0.5"
    />
  );
}

/** A value from the URL that is not among the facets (e.g. an old link) stays selectable. */
function withCurrent(facets: Facet[], current: string | undefined): Facet[] {
  return current && !facets.some((facet) => facet.value === current) ? [...facets, { value: current, count: 0 }] : facets;
}

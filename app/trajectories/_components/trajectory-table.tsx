"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchIcon } from "@/components/ui/icons";
import { fetchTrajectoryPage, trajectoryListKeys } from "./fetch-trajectories";
import type { TrajectoryListPage } from "./list-item";
import { filtersKey } from "./list-query";
import { TrajectoryFilters, type Facet } from "./trajectory-filters";
import { TrajectoryRow } from "./trajectory-row";
import { useListFilters } from "./use-list-filters";

type TrajectoryTableProps = {
  projectId: string;
  /** The first page the server rendered, for the filters in `initialFiltersKey`. */
  initialPage: TrajectoryListPage;
  initialFiltersKey: string;
  facets: { formats: Facet[]; applications: Facet[] };
  formatLabels: Record<string, string>;
};

export function TrajectoryTable({ projectId, initialPage, initialFiltersKey, facets, formatLabels }: TrajectoryTableProps) {
  const { filters, setFilters, clearFilters } = useListFilters();

  const isInitial = filtersKey(filters) === initialFiltersKey;
  const query = useInfiniteQuery({
    queryKey: trajectoryListKeys.list(projectId, filters),
    queryFn: ({ pageParam, signal }) => fetchTrajectoryPage({ projectId, filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: isInitial ? { pages: [initialPage], pageParams: [null] } : undefined,
    placeholderData: keepPreviousData,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const isFiltering = query.isPlaceholderData && query.isFetching;

  return (
    <div>
      <TrajectoryFilters filters={filters} facets={facets} formatLabels={formatLabels} onChange={setFilters} onClear={clearFilters} />
      <div className="mb-2 flex items-center gap-3 text-xs text-zinc-500" role="status" data-testid="trajectory-count">
        {query.isPending ? "Loading trajectories…" : `${items.length < total ? `${items.length} of ` : ""}${total.toLocaleString("en-US")} ${total === 1 ? "trajectory" : "trajectories"}`}
        {isFiltering ? <span>Updating…</span> : null}
      </div>
      {query.isError && items.length === 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {query.error.message}{" "}
          <Button size="sm" onClick={() => query.refetch()} className="ml-2">Retry</Button>
        </div>
      ) : !query.isPending && items.length === 0 ? (
        <EmptyState
          icon={<SearchIcon className="size-5" />}
          title="No trajectories match these filters"
          description={<p>Try a shorter search, another outcome or format, or a wider date range.</p>}
        >
          <Button onClick={clearFilters}>Clear filters</Button>
        </EmptyState>
      ) : (
        <div className={`overflow-x-auto rounded-lg border border-zinc-200 bg-white ${isFiltering ? "opacity-60" : ""}`} aria-busy={query.isFetching}>
          <table className="w-full table-fixed text-left text-sm" data-testid="trajectory-table">
            <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Task</th>
                <th scope="col" className="w-32 px-3 py-2 font-medium">Applications</th>
                <th scope="col" className="w-40 px-3 py-2 font-medium">Outcome</th>
                <th scope="col" className="w-36 px-3 py-2 font-medium">Format</th>
                <th scope="col" className="w-20 px-3 py-2 text-right font-medium">Steps</th>
                <th scope="col" className="w-44 px-3 py-2 font-medium">Imported</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {items.map((item) => (
                <TrajectoryRow key={item.id} item={item} formatLabel={formatLabels[item.sourceFormat] ?? item.sourceFormat} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage || query.isFetchNextPageError ? (
        <div className="mt-3 flex items-center justify-center gap-3">
          <Button onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="load-more">
            {query.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
          {query.isFetchNextPageError ? <span role="alert" className="text-sm text-red-700">{query.error?.message}</span> : null}
        </div>
      ) : null}
    </div>
  );
}

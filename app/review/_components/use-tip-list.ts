"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { fetchTipPage, tipKeys } from "@/components/tips/fetch-tips";
import type { TipListPage } from "@/components/tips/types";
import { reviewFiltersKey, type ReviewFilters } from "./review-query";

type UseTipListArgs = {
  projectId: string;
  filters: ReviewFilters;
  /** The first page the server rendered, for the filters in `initialFiltersKey`. */
  initialPage: TipListPage;
  initialFiltersKey: string;
};

/** The queue's pages (offset paging, 50 a page) and the counts per status from the newest page. */
export function useTipList({ projectId, filters, initialPage, initialFiltersKey }: UseTipListArgs) {
  const key = reviewFiltersKey(filters);
  const query = useInfiniteQuery({
    queryKey: tipKeys.list(projectId, key),
    queryFn: ({ pageParam, signal }) => fetchTipPage({ projectId, params: filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: key === initialFiltersKey ? { pages: [initialPage], pageParams: [null] } : undefined,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = query.data?.pages[0]?.counts;
  return { query, items, counts };
}

"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { LIST_FILTER_KEYS, parseListFiltersLenient, type ListFilters } from "./list-query";

/**
 * The list filters live in the URL (shareable, survive reload). Changes use history.replaceState,
 * which Next folds into useSearchParams without a server round trip; the table refetches itself.
 */
export function useListFilters() {
  const searchParams = useSearchParams();
  const filters = useMemo(() => parseListFiltersLenient(Object.fromEntries(searchParams)), [searchParams]);

  const setFilters = useCallback((patch: Partial<ListFilters>) => {
    const params = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(patch)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    const query = params.toString();
    window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  }, []);

  const clearFilters = useCallback(() => {
    setFilters(Object.fromEntries(LIST_FILTER_KEYS.map((key) => [key, undefined])));
  }, [setFilters]);

  return { filters, setFilters, clearFilters };
}

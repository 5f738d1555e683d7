"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { NARROWING_KEYS, parseReviewFiltersLenient, type ReviewFilters } from "./review-query";

const SELECTED_KEY = "tip";

/** Writes URL params without a server round trip (Next folds replaceState into useSearchParams). */
function replaceParams(patch: Record<string, string | undefined | null>) {
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(patch)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const query = params.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
}

/**
 * Filters, tab and the selected tip live in the URL: shareable, and a reload shows the same
 * queue with the same tip open. Changing a filter drops the selection (it may not match any more).
 */
export function useReviewFilters() {
  const searchParams = useSearchParams();
  const filters = useMemo(() => parseReviewFiltersLenient(Object.fromEntries(searchParams)), [searchParams]);
  const selectedParam = searchParams.get(SELECTED_KEY);

  const setFilters = useCallback((patch: Partial<ReviewFilters>) => replaceParams({ ...patch, [SELECTED_KEY]: null }), []);
  const clearFilters = useCallback(() => setFilters(Object.fromEntries(NARROWING_KEYS.map((key) => [key, undefined]))), [setFilters]);
  const select = useCallback((id: string | null) => replaceParams({ [SELECTED_KEY]: id }), []);

  return { filters, selectedParam, setFilters, clearFilters, select };
}

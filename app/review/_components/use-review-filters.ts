"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { NARROWING_KEYS, parseReviewFiltersLenient, type ReviewFilters } from "./review-query";
import { replaceSearchParams } from "@/components/ui/replace-search-params";

const SELECTED_KEY = "tip";

/**
 * Filters, tab and the selected tip live in the URL: shareable, and a reload shows the same
 * queue with the same tip open. Changing a filter drops the selection (it may not match any more).
 */
export function useReviewFilters() {
  const searchParams = useSearchParams();
  const filters = useMemo(() => parseReviewFiltersLenient(Object.fromEntries(searchParams)), [searchParams]);
  const selectedParam = searchParams.get(SELECTED_KEY);

  const setFilters = useCallback((patch: Partial<ReviewFilters>) => replaceSearchParams({ ...patch, [SELECTED_KEY]: null }), []);
  const clearFilters = useCallback(() => setFilters(Object.fromEntries(NARROWING_KEYS.map((key) => [key, undefined]))), [setFilters]);
  const select = useCallback((id: string | null) => replaceSearchParams({ [SELECTED_KEY]: id }), []);

  return { filters, selectedParam, setFilters, clearFilters, select };
}

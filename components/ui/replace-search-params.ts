"use client";

/** Writes URL params without a server round trip (Next folds replaceState into useSearchParams); empty values are removed. */
export function replaceSearchParams(patch: Record<string, string | undefined | null>): void {
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(patch)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const query = params.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
}

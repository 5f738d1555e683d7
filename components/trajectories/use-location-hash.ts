"use client";

import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

/** The URL fragment ("#steps=4-7"), live: it follows in-page links, back/forward and typed edits. */
export function useLocationHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash, () => "");
}

/** Sets the fragment as a navigation (a history entry, and `hashchange` fires). */
export function setLocationHash(fragment: string) {
  window.location.hash = fragment;
}

"use client";

import { useCallback, useSyncExternalStore } from "react";

const STORAGE_KEY = "debrief.reviewer";
const CHANGE_EVENT = "debrief:reviewer";
export const DEFAULT_REVIEWER = "reviewer";

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange); // other tabs
  window.addEventListener(CHANGE_EVENT, onChange); // this tab
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function read(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY)?.trim() || DEFAULT_REVIEWER;
  } catch {
    return DEFAULT_REVIEWER; // storage disabled: every decision is still recorded, as "reviewer"
  }
}

/** The name decisions are recorded under (`actor`), kept in this browser's localStorage. */
export function useReviewer(): [string, (name: string) => void] {
  const name = useSyncExternalStore(subscribe, read, () => DEFAULT_REVIEWER);
  const setName = useCallback((next: string) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next.trim().slice(0, 100) || DEFAULT_REVIEWER);
    } catch {
      // ignored: see read()
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [name, setName];
}

"use client";

import { useEffect, useState } from "react";

/** `value`, once it has stopped changing for `ms` : typing or dragging asks the server once, not fifty times. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

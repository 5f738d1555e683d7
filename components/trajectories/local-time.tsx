"use client";

import { useSyncExternalStore } from "react";
import { formatLocal, formatUtc } from "./format";

const subscribe = () => () => {};

/**
 * A date in the reader's time zone. The server (and hydration) render UTC, which the server
 * cannot know the zone for; the browser then switches to local time without a mismatch.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const isBrowser = useSyncExternalStore(subscribe, () => true, () => false);
  return (
    <time dateTime={iso} title={formatUtc(iso)} className={className}>
      {isBrowser ? formatLocal(iso) : formatUtc(iso)}
    </time>
  );
}

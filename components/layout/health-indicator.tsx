"use client";

import { useQuery } from "@tanstack/react-query";
import { cn } from "@/components/ui/cn";
import { queryKeys } from "@/lib/query-keys";
import { describeHealth, fetchHealthStatus } from "./health-status";

const POLL_INTERVAL_MS = 10_000;

const DOT = { ok: "bg-emerald-500", error: "bg-red-500", unavailable: "bg-zinc-400", loading: "bg-zinc-300" };

/** Database / queue status, polled every 10 s from GET /api/health. */
export function HealthIndicator({ className }: { className?: string }) {
  const { data } = useQuery({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => fetchHealthStatus(signal),
    refetchInterval: POLL_INTERVAL_MS,
    staleTime: 0,
    retry: false,
  });

  const kind = data?.kind ?? "loading";
  const text = data ? describeHealth(data) : "Checking health…";
  return (
    <div
      role="status"
      data-testid="health-indicator"
      data-state={kind}
      title={text}
      className={cn(
        "flex min-w-0 items-start gap-2 text-xs leading-4",
        kind === "error" ? "font-medium text-red-700" : "text-zinc-500",
        className,
      )}
    >
      <span aria-hidden className={cn("mt-1 size-2 shrink-0 rounded-full", DOT[kind])} />
      <span className="line-clamp-3 min-w-0 break-words">{text}</span>
    </div>
  );
}

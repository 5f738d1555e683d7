import { z } from "zod";

/**
 * Body of GET /api/health (lib/health.ts `HealthReport`): 200 when ok, 503 with a reason otherwise.
 * Parsed leniently: on failure the database part may be null.
 */
export const healthResponseSchema = z.object({
  status: z.enum(["ok", "error"]),
  reason: z.string().optional(),
  database: z
    .object({
      mode: z.string().nullish(),
      pgvector: z.string().nullish(),
      error: z.string().optional(),
    })
    .optional(),
  queue: z.object({ ok: z.boolean(), error: z.string().optional() }).optional(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** What the indicator shows; every poll resolves to one of these (polling never throws). */
export type HealthStatus =
  | { kind: "ok"; mode: string; pgvector: string | null }
  | { kind: "error"; reason: string }
  | { kind: "unavailable" };

export async function fetchHealthStatus(signal?: AbortSignal): Promise<HealthStatus> {
  let response: Response;
  try {
    response = await fetch("/api/health", { cache: "no-store", signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: "error", reason: "Server unreachable" };
  }
  // No health route (yet) is not the same as an unhealthy server: say so plainly.
  if (response.status === 404) return { kind: "unavailable" };

  const parsed = healthResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return { kind: "error", reason: `Health check failed (HTTP ${response.status})` };

  const body = parsed.data;
  if (response.ok && body.status === "ok") {
    return { kind: "ok", mode: body.database?.mode ?? "unknown", pgvector: body.database?.pgvector ?? null };
  }
  return { kind: "error", reason: body.reason ?? `Health check failed (HTTP ${response.status})` };
}

export function describeHealth(status: HealthStatus): string {
  switch (status.kind) {
    case "ok":
      return `Database: ${status.mode}${status.pgvector ? ` · pgvector ${status.pgvector}` : ""}`;
    case "error":
      return status.reason;
    case "unavailable":
      return "Health check unavailable";
  }
}

import type { TrajectoryListPage } from "./list-item";
import { filtersKey, type ListFilters } from "./list-query";

/**
 * Query keys of the trajectory list. (They belong in lib/query-keys.ts with the others; kept here
 * until that file gains a `trajectories` entry.)
 */
export const trajectoryListKeys = {
  all: ["trajectories", "list"] as const,
  list: (projectId: string, filters: ListFilters) => [...trajectoryListKeys.all, projectId, filtersKey(filters)] as const,
};

/** GET /api/trajectories for one page; throws with the server's message on failure. */
export async function fetchTrajectoryPage({
  projectId,
  filters,
  cursor,
  signal,
}: {
  projectId: string;
  filters: ListFilters;
  cursor: string | null;
  signal?: AbortSignal;
}): Promise<TrajectoryListPage> {
  const params = new URLSearchParams({ projectId });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set("cursor", cursor);
  let response: Response;
  try {
    response = await fetch(`/api/trajectories?${params}`, { signal, cache: "no-store" });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error("The server could not be reached. Check that Debrief is running, then retry.");
  }
  const body = (await response.json().catch(() => null)) as (TrajectoryListPage & { error?: { message: string } }) | null;
  if (!response.ok || !body?.items) throw new Error(body?.error?.message ?? `Trajectories could not be loaded (HTTP ${response.status}).`);
  return body;
}

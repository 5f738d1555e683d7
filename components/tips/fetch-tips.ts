// Client reads of the review queue through GET route handlers, and their query keys. (The keys
// belong in lib/query-keys.ts with the others; kept here until that file gains a `tips` entry.)
import type { TipDetailResponse, TipListPage } from "./types";

export const tipKeys = {
  all: ["tips"] as const,
  lists: () => [...tipKeys.all, "list"] as const,
  list: (projectId: string, filtersKey: string) => [...tipKeys.lists(), projectId, filtersKey] as const,
  detail: (id: string) => [...tipKeys.all, "detail", id] as const,
};

/** The request failed with this HTTP status (404 lets the pane say "this tip no longer exists"). */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

async function getJson<T>(url: string, what: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal, cache: "no-store" });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new FetchError("The server could not be reached. Check that Debrief is running, then retry.", 0);
  }
  const body = (await response.json().catch(() => null)) as (T & { error?: { message: string } }) | null;
  if (!response.ok || !body) throw new FetchError(body?.error?.message ?? `${what} could not be loaded (HTTP ${response.status}).`, response.status);
  return body;
}

/** GET /api/tips for one page; `params` are the URL filters (empty values left out). */
export function fetchTipPage({
  projectId,
  params,
  cursor,
  signal,
}: {
  projectId: string;
  params: Record<string, string | undefined>;
  cursor: string | null;
  signal?: AbortSignal;
}): Promise<TipListPage> {
  const query = new URLSearchParams({ projectId });
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  if (cursor) query.set("cursor", cursor);
  return getJson<TipListPage>(`/api/tips?${query}`, "Tips", signal);
}

export function fetchTipDetail(id: string, signal?: AbortSignal): Promise<TipDetailResponse> {
  return getJson<TipDetailResponse>(`/api/tips/${encodeURIComponent(id)}`, "The tip", signal);
}

// Client reads for the Clusters page (GET route handlers); errors carry the server's message.
import type { JobView } from "@/lib/jobs/view";
import type { MapPointView, PreviewView } from "./types";

async function getJson<T>(url: string, what: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, cache: "no-store" });
  const body = (await response.json().catch(() => null)) as (T & { error?: { message: string } }) | null;
  if (!response.ok || !body || body.error) throw new Error(body?.error?.message ?? `${what} could not be loaded (HTTP ${response.status}).`);
  return body;
}

export function fetchJob(id: string, signal?: AbortSignal): Promise<JobView> {
  return getJson<JobView>(`/api/jobs/${encodeURIComponent(id)}`, "The job", signal);
}

export async function fetchClusterMap(projectId: string, signal?: AbortSignal): Promise<MapPointView[]> {
  return (await getJson<{ points: MapPointView[] }>(`/api/clusters/map?${new URLSearchParams({ projectId })}`, "The map", signal)).points;
}

export function fetchPreview({ projectId, threshold, linkage }: { projectId: string; threshold: number; linkage: string }, signal?: AbortSignal): Promise<PreviewView> {
  const query = new URLSearchParams({ projectId, threshold: String(threshold), linkage });
  return getJson<PreviewView>(`/api/clusters/preview?${query}`, "The preview", signal);
}

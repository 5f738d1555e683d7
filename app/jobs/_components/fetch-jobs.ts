import type { JobView } from "@/lib/jobs/view";

/** GET /api/jobs for the polling table; throws with the server's message on failure. */
export async function fetchJobs(signal?: AbortSignal): Promise<JobView[]> {
  const response = await fetch("/api/jobs", { signal, cache: "no-store" });
  const body = (await response.json().catch(() => null)) as { jobs?: JobView[]; error?: { message: string } } | null;
  if (!response.ok || !body?.jobs) throw new Error(body?.error?.message ?? `Jobs could not be loaded (HTTP ${response.status}).`);
  return body.jobs;
}

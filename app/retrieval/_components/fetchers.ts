// Client calls of the Retrieval page; errors carry the server's message.
import type { EvaluationReport } from "@/lib/retrieval/evaluation/evaluate";
import type { TipSummaryView } from "@/lib/retrieval/evaluation/schema";
import type { GuidelinesPreview, GuidelinesPreviewRequest, PlaygroundRequest } from "@/lib/retrieval/playground";
import type { RetrievalResult } from "@/lib/retrieval/retrieve";

async function readJson<T>(response: Response, what: string): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { error?: { message: string } }) | null;
  if (!response.ok || !body || body.error) throw new Error(body?.error?.message ?? `${what} failed (HTTP ${response.status}).`);
  return body;
}

async function postJson<T>(url: string, body: unknown, what: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal, cache: "no-store" });
  return readJson<T>(response, what);
}

export function fetchPlayground(request: PlaygroundRequest, signal?: AbortSignal): Promise<RetrievalResult> {
  return postJson<RetrievalResult>("/api/retrieval/playground", request, "The retrieval", signal);
}

export function fetchGuidelines(request: GuidelinesPreviewRequest, signal?: AbortSignal): Promise<GuidelinesPreview> {
  return postJson<GuidelinesPreview>("/api/retrieval/guidelines", request, "Rendering the guidelines", signal);
}

export async function fetchEvaluation(projectId: string, signal?: AbortSignal): Promise<EvaluationReport> {
  return readJson<EvaluationReport>(await fetch(`/api/retrieval/evaluation?${new URLSearchParams({ projectId })}`, { signal, cache: "no-store" }), "The evaluation");
}

export async function fetchApprovedTips(projectId: string, q: string, signal?: AbortSignal): Promise<TipSummaryView[]> {
  const response = await fetch(`/api/retrieval/tips?${new URLSearchParams({ projectId, q })}`, { signal, cache: "no-store" });
  return (await readJson<{ tips: TipSummaryView[] }>(response, "Loading tips")).tips;
}

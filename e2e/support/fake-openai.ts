// The e2e app's LLM endpoint is the fake OpenAI server (playwright.config.ts starts it; the app's
// OPENAI_BASE_URL points at it). Specs script its answers and read what it received through its
// control routes (test/fake-openai/README.md).
import type { RecordedRequest, ScriptedResponse } from "../../test/fake-openai";

const FAKE_OPENAI_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_OPENAI_PORT ?? 4107)}`;

/** Appends scripted answers per prompt id (consumed in order, like `fake.script`). */
export async function scriptFakeOpenAi(scripts: Record<string, ScriptedResponse[]>): Promise<void> {
  const response = await fetch(`${FAKE_OPENAI_URL}/__fake/scripts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(scripts),
  });
  if (!response.ok) throw new Error(`Scripting the fake OpenAI server failed: HTTP ${response.status} ${await response.text()}`);
}

/** Every request the fake has received since it started (other specs' too: filter by prompt id and model). */
export async function fakeOpenAiRequests(): Promise<RecordedRequest[]> {
  const response = await fetch(`${FAKE_OPENAI_URL}/__fake/requests`);
  if (!response.ok) throw new Error(`Reading the fake OpenAI server's requests failed: HTTP ${response.status}`);
  return ((await response.json()) as { requests: RecordedRequest[] }).requests;
}

/** The `model` of each chat request for `promptId`, in arrival order. */
export async function modelsRequested(promptId: string): Promise<string[]> {
  return (await fakeOpenAiRequests()).filter((request) => request.promptId === promptId).map((request) => String((request.body as { model?: unknown }).model));
}

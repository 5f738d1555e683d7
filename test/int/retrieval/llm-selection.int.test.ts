// LLM-guided selection through POST /api/v1/retrieve: Settings → real SDK → fake OpenAI server.
// The LLM's application filter (that application's tips plus generic ones) and category
// priorities shape the result; a failing server (500) or no configured LLM falls back to cosine
// and the response says so. Settings are instance-wide, so this file has a database of its own.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as postRetrieve } from "@/app/api/v1/retrieve/route";
import { createApiKey } from "@/lib/api-keys/api-keys";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { reindexTips } from "@/lib/retrieval/index-tips";
import { saveLlmSettings } from "@/lib/settings/llm-settings";
import { startFakeOpenAi, type FakeOpenAi } from "../../fake-openai";
import { createProject, createTip } from "../../builders";
import { startOwnDatabase, type OwnDatabase } from "../../support/own-database";
import { embedder } from "./seed";

const PROMPT_ID = "retrieval.selection";
let database: OwnDatabase;
let fake: FakeOpenAi;
let key: string;
let tips: Record<"venmo" | "splitwise" | "generic", { id: string }>;

beforeAll(async () => {
  database = await startOwnDatabase();
  fake = await startFakeOpenAi();
  const project = await createProject();
  const tip = (overrides: Parameters<typeof createTip>[1]) => createTip(project.id, { status: "approved", ...overrides });
  tips = {
    venmo: await tip({ indexDescription: "Pay the pending requests", application: "venmo", category: "strategy", priority: "medium", content: "List requests with show_received_payment_requests(status='pending') first." }),
    splitwise: await tip({ indexDescription: "Pay the pending requests", application: "splitwise", category: "strategy", priority: "high", content: "Settle with settle_up(group_id) instead of paying each expense." }),
    generic: await tip({ indexDescription: "Pay the pending requests on the app", application: null, category: "recovery", priority: "high", content: "When a payment call fails with 422, call show_api_doc(api_name) and retry with the documented arguments." }),
  };
  await reindexTips({ projectId: project.id }, { embedder });
  key = (await createApiKey({ projectId: project.id, name: "agent" })).key;
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await database?.stop();
});

beforeEach(() => fake.reset());

async function retrieve(body: Record<string, unknown>) {
  const response = await postRetrieve(
    new Request("http://localhost/api/v1/retrieve", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

const ids = (body: { tips: { id: string }[] }) => body.tips.map((tip) => tip.id);

describe("LLM-guided selection", () => {
  it.skipIf(Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL))("falls back to cosine when no LLM is configured, and says so", async () => {
    const body = await retrieve({ task: "Pay the pending Venmo requests from my roommates", strategy: "llm" });
    expect(body).toMatchObject({ strategy: "cosine", requestedStrategy: "llm", fallback: { reason: "llm_not_configured" } });
    expect(body.fallback.message).toMatch(/No LLM endpoint is configured/);
    expect(ids(body)).toEqual([tips.splitwise.id, tips.venmo.id, tips.generic.id]);
    expect(fake.requests).toHaveLength(0);
  });

  it("applies the LLM's application filter and category priorities, and searches with its rewritten query", async () => {
    await saveLlmSettings({ baseURL: fake.url, apiKey: "test-key", defaultModel: "gpt-4.1-mini" });
    fake.script(PROMPT_ID, {
      json: {
        applications: ["Venmo", "PayPal"],
        taskCategory: "payments",
        categoryPriorities: { strategy: "low", recovery: "high", optimization: "medium" },
        rewrittenQuery: "Pay the pending requests",
        rationale: "Paying Venmo requests.",
      },
    });
    const body = await retrieve({ task: "Pay the pending Venmo requests from my roommates", strategy: "llm" });
    expect(body).toMatchObject({ strategy: "llm", requestedStrategy: "llm", selection: { applications: ["venmo"], taskCategory: "payments", rewrittenQuery: "Pay the pending requests" } });
    expect(body.fallback).toBeUndefined();
    // splitwise is filtered out; the generic recovery tip (high for this task) outranks the more similar venmo strategy tip (low)
    expect(ids(body)).toEqual([tips.generic.id, tips.venmo.id]);
    const [venmo] = body.tips.filter((tip: { id: string }) => tip.id === tips.venmo.id);
    expect(venmo.similarity).toBeCloseTo(1, 5); // found by the rewritten query
    expect(venmo.score).toBeCloseTo(1 * 0.8 * 0.8, 5);

    const [request] = fake.requestsFor(PROMPT_ID);
    const prompt = JSON.stringify(request!.body);
    expect(prompt).toContain("<task>\\nPay the pending Venmo requests from my roommates\\n</task>");
    expect(prompt).toMatch(/<applications>\\n(venmo|splitwise)\\n(venmo|splitwise)\\n<\/applications>/);
    const log = await getDb().retrievalLog.findUniqueOrThrow({ where: { id: body.retrievalId } });
    expect(log).toMatchObject({ strategy: "llm", requestedStrategy: "llm", fallbackReason: null, applications: ["venmo"] });
    expect((log.settings as { llmCallId?: string }).llmCallId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("falls back to cosine when the LLM server fails (500), and says so", async () => {
    await saveLlmSettings({ baseURL: fake.url, apiKey: "test-key", defaultModel: "gpt-4.1-mini" });
    fake.script(PROMPT_ID, { status: 500, repeat: true });
    const body = await retrieve({ task: "Pay the pending Venmo requests from my flatmates", strategy: "llm", threshold: 0.5 });
    expect(body).toMatchObject({ strategy: "cosine", requestedStrategy: "llm", fallback: { reason: "llm_failed" } });
    expect(body.selection).toBeUndefined();
    expect(ids(body)).toEqual(expect.arrayContaining([tips.splitwise.id, tips.venmo.id]));
    expect(ids(body).slice(0, 2)).toEqual([tips.splitwise.id, tips.venmo.id]); // no application filter; tie → higher priority first
    expect(fake.requestsFor(PROMPT_ID)).toHaveLength(2); // retrieval retries once, then falls back
    const log = await getDb().retrievalLog.findUniqueOrThrow({ where: { id: body.retrievalId } });
    expect(log).toMatchObject({ strategy: "cosine", requestedStrategy: "llm", fallbackReason: "llm_failed" });
  });

  it("falls back when the LLM answers something that does not fit the schema", async () => {
    fake.script(PROMPT_ID, { json: { applications: "venmo" }, repeat: true });
    const body = await retrieve({ task: "Pay the pending Venmo requests of my team", strategy: "llm", threshold: 0.5 });
    expect(body).toMatchObject({ strategy: "cosine", fallback: { reason: "llm_failed" } });
  });
});

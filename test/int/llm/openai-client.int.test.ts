// The real OpenAI SDK against the fake server, with the Prisma call store on the test database.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "../../../lib/db/client";
import { createPrismaLlmCallStore } from "../../../lib/db/llm-calls";
import { AppError } from "../../../lib/errors";
import { createJsonSchemaSupport } from "../../../lib/llm/json-schema-support";
import { createOpenAiLlmClient, type OpenAiLlmClientDeps } from "../../../lib/llm/openai-client";
import { DEFAULT_PRICES } from "../../../lib/llm/prices";
import { CONNECTION_TEST_PROMPT_ID, testLlmConnection } from "../../../lib/llm/test-connection";
import { LLM_STAGES, type GenerateObjectArgs, type LlmConfig, type LlmStage } from "../../../lib/llm/types";
import { startFakeOpenAi, type FakeOpenAi } from "../../fake-openai";

const MODEL = "gpt-4.1-mini";
const tipSchema = z.object({ title: z.string(), steps: z.array(z.string()) });
type Tip = z.infer<typeof tipSchema>;
const GOOD: Tip = { title: "Check the inbox first", steps: ["open inbox", "filter unread"] };

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});

function config(overrides: Partial<LlmConfig> = {}): LlmConfig {
  const models = Object.fromEntries(LLM_STAGES.map((stage) => [stage, MODEL])) as Record<LlmStage, string>;
  return { baseURL: fake.url, apiKey: "test-key", models, concurrency: 4, timeoutMs: 2_000, maxRetries: 2, prices: DEFAULT_PRICES, ...overrides };
}

function client(overrides: Partial<LlmConfig> = {}, deps: OpenAiLlmClientDeps = {}) {
  // Fast backoff and a private json_schema memory so tests do not influence each other.
  return createOpenAiLlmClient(config(overrides), createPrismaLlmCallStore(getDb()), {
    baseDelayMs: 5,
    maxDelayMs: 50,
    jsonSchemaSupport: createJsonSchemaSupport(),
    ...deps,
  });
}

function call(promptId: string, input = `input ${randomUUID()}`): GenerateObjectArgs<Tip> {
  return { stage: "extraction", promptId, promptVersion: "v1", schema: tipSchema, schemaName: "tip", system: "Extract one tip as JSON.", input };
}

const newPromptId = () => `test.${randomUUID()}`;
const rowsFor = (promptId: string) => getDb().llmCall.findMany({ where: { promptId }, orderBy: { createdAt: "asc" } });

async function expectLlmError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => expect.unreachable("expected an LLM_ERROR"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("LLM_ERROR");
  return error as AppError;
}

describe("createOpenAiLlmClient", () => {
  it("(a) retries a 429 and succeeds, recording one ok row with 2 attempts", async () => {
    const promptId = newPromptId();
    fake.script(promptId, { status: 429, headers: { "retry-after-ms": "10" } }, { json: GOOD });
    const result = await client().generateObject(call(promptId));
    expect(result).toMatchObject({ object: GOOD, cached: false, model: MODEL });
    const rows = await rowsFor(promptId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: result.callId, status: "ok", attempts: 2, cacheHit: false, stage: "extraction", promptVersion: "v1" });
    // The prompt id reaches the server as a header, with json_schema structured output.
    const [first] = fake.requestsFor(promptId);
    expect(first?.headers["x-debrief-prompt-id"]).toBe(promptId);
    expect(first?.responseFormat).toBe("json_schema");
  });

  it("(b) gives up on a permanent 500 after maxRetries + 1 attempts and records an error row", async () => {
    const promptId = newPromptId();
    fake.script(promptId, { status: 500, repeat: true });
    const error = await expectLlmError(client({ maxRetries: 2 }).generateObject(call(promptId)));
    expect(error.userMessage).toMatch(/after 3 attempts: 500 Fake OpenAI scripted error 500/);
    expect(fake.requestsFor(promptId)).toHaveLength(3);
    const rows = await rowsFor(promptId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "error", attempts: 3, cacheHit: false, error: error.userMessage });
  });

  it("(c) retries a timeout, then reports it", async () => {
    const promptId = newPromptId();
    fake.script(promptId, { delayMs: 1_500, json: GOOD, repeat: true });
    const error = await expectLlmError(client({ timeoutMs: 150, maxRetries: 1 }).generateObject(call(promptId)));
    expect(error.userMessage).toMatch(/after 2 attempts: request timed out after 150 ms/);
    expect(fake.requestsFor(promptId)).toHaveLength(2);
    expect((await rowsFor(promptId))[0]).toMatchObject({ status: "error", attempts: 2 });

    const recovered = newPromptId();
    fake.script(recovered, { delayMs: 1_500, json: GOOD }, { json: GOOD });
    const result = await client({ timeoutMs: 150, maxRetries: 1 }).generateObject(call(recovered));
    expect(result.object).toEqual(GOOD);
  });

  it("(d) repairs malformed JSON with one extra request", async () => {
    const promptId = newPromptId();
    fake.script(promptId, { text: '{"title": "unterminated' }, { json: GOOD });
    const result = await client().generateObject(call(promptId));
    expect(result.object).toEqual(GOOD);
    const requests = fake.requestsFor(promptId);
    expect(requests).toHaveLength(2);
    const repairMessages = (requests[1]?.body as { messages: { role: string; content: string }[] }).messages;
    expect(repairMessages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(repairMessages[2]?.content).toBe('{"title": "unterminated');
    expect(repairMessages[3]?.content).toMatch(/not valid JSON/);
    expect((await rowsFor(promptId))[0]).toMatchObject({ status: "ok", attempts: 2 });

    const hopeless = newPromptId();
    fake.script(hopeless, { text: "nope" }, { text: "still nope" });
    const error = await expectLlmError(client().generateObject(call(hopeless)));
    expect(error.userMessage).toMatch(/even after one repair attempt/);
    expect(fake.requestsFor(hopeless)).toHaveLength(2);
  });

  it("(e) falls back to JSON mode when json_schema is rejected, repairs a schema violation, and remembers", async () => {
    const promptId = newPromptId();
    fake.script(promptId, { rejectJsonSchema: true }, { json: { title: 42 } }, { json: GOOD }, { json: GOOD });
    const llm = client();
    const result = await llm.generateObject(call(promptId));
    expect(result.object).toEqual(GOOD);
    const requests = fake.requestsFor(promptId);
    expect(requests.map((r) => r.responseFormat)).toEqual(["json_schema", "json_object", "json_object"]);
    const system = (requests[1]?.body as { messages: { content: string }[] }).messages[0]?.content;
    expect(system).toMatch(/conforms to this JSON Schema/);
    expect(system).toContain('"steps"');
    const repair = (requests[2]?.body as { messages: { content: string }[] }).messages[3]?.content;
    expect(repair).toMatch(/does not match the schema[\s\S]*title/);
    expect((await rowsFor(promptId))[0]).toMatchObject({ status: "ok", attempts: 3 });

    // Same server + model: straight to JSON mode, no rejected request.
    await llm.generateObject(call(promptId));
    expect(fake.requestsFor(promptId).map((r) => r.responseFormat)).toEqual(["json_schema", "json_object", "json_object", "json_object"]);
  });

  it("(f) serves an identical call from the cache without an HTTP request", async () => {
    const promptId = newPromptId();
    fake.script(promptId, { json: GOOD, usage: { prompt_tokens: 10, completion_tokens: 5 } });
    const args = call(promptId, "same input");
    const first = await client().generateObject(args);
    const second = await client().generateObject(args);
    expect(first.cached).toBe(false);
    expect(second).toMatchObject({ object: GOOD, cached: true, costUsd: 0, usage: { inputTokens: 0, outputTokens: 0 } });
    expect(fake.requestsFor(promptId)).toHaveLength(1);
    const rows = await rowsFor(promptId);
    expect(rows.map((r) => [r.cacheHit, r.costUsd, r.attempts])).toEqual([
      [false, 0.000012, 1],
      [true, 0, 0],
    ]);
    expect(rows[1]?.id).toBe(second.callId);
    expect(rows[0]?.cacheKey).toBe(rows[1]?.cacheKey);
    expect(rows[0]?.cacheKey).toMatch(new RegExp(`^${MODEL}:v1:[0-9a-f]{64}$`));
  });

  it("(g) records the cost from the price table and the scripted usage", async () => {
    const promptId = newPromptId();
    fake.script(promptId, { json: GOOD, usage: { prompt_tokens: 1_000, completion_tokens: 500 } });
    const result = await client().generateObject(call(promptId));
    // gpt-4.1-mini: 1000 × $0.40/M + 500 × $1.60/M
    expect(result.costUsd).toBe(0.0012);
    expect(result.usage).toEqual({ inputTokens: 1_000, outputTokens: 500 });
    expect((await rowsFor(promptId))[0]).toMatchObject({ costUsd: 0.0012, inputTokens: 1_000, outputTokens: 500 });

    const unpriced = newPromptId();
    fake.script(unpriced, { json: GOOD });
    const models = Object.fromEntries(LLM_STAGES.map((stage) => [stage, "llama3.1:8b"])) as Record<LlmStage, string>;
    expect((await client({ models }).generateObject(call(unpriced))).costUsd).toBeNull();
  });

  it("(h) never has more requests in flight than the concurrency limit", async () => {
    const ownFake = await startFakeOpenAi();
    try {
      const promptId = newPromptId();
      ownFake.script(promptId, { delayMs: 150, json: GOOD, repeat: true });
      const llm = client({ baseURL: ownFake.url, concurrency: 2 });
      const results = await Promise.all(Array.from({ length: 5 }, () => llm.generateObject(call(promptId))));
      expect(results).toHaveLength(5);
      expect(ownFake.requestsFor(promptId)).toHaveLength(5);
      expect(ownFake.maxInFlight).toBe(2);
    } finally {
      await ownFake.close();
    }
  });

  it("(i) does not retry a 400", async () => {
    const promptId = newPromptId();
    fake.script(promptId, { status: 400, body: { error: { message: "Invalid 'messages[1].content': too long.", type: "invalid_request_error" } } });
    const error = await expectLlmError(client().generateObject(call(promptId)));
    expect(error.userMessage).toMatch(/after 1 attempt: 400 Invalid 'messages\[1\]\.content': too long\./);
    expect(fake.requestsFor(promptId)).toHaveLength(1);
    expect((await rowsFor(promptId))[0]).toMatchObject({ status: "error", attempts: 1 });
  });

  it("reports a missing endpoint as LLM_NOT_CONFIGURED, and accepts a base URL without a key", async () => {
    const promptId = newPromptId();
    await expect(client({ baseURL: undefined, apiKey: undefined }).generateObject(call(promptId))).rejects.toMatchObject({
      code: "LLM_NOT_CONFIGURED",
      userMessage: expect.stringMatching(/Settings.*OPENAI_API_KEY/),
    });
    fake.script(promptId, { json: GOOD });
    await client({ apiKey: undefined }).generateObject(call(promptId));
    expect(fake.requestsFor(promptId)[0]?.headers.authorization).toBe("Bearer not-needed");
  });
});

describe("testLlmConnection (j)", () => {
  it("succeeds against a working server", async () => {
    const result = await testLlmConnection(config());
    expect(result).toMatchObject({ ok: true, model: MODEL });
    expect(fake.requests.at(-1)?.promptId).toBe(CONNECTION_TEST_PROMPT_ID);
  });

  it("returns the provider's status and message on failure, never throws", async () => {
    fake.script(CONNECTION_TEST_PROMPT_ID, { status: 401, body: { error: { message: "Incorrect API key provided.", type: "invalid_request_error" } } });
    expect(await testLlmConnection(config())).toEqual({ ok: false, error: `Model ${MODEL}: 401 Incorrect API key provided.` });

    const closed = await startFakeOpenAi();
    await closed.close();
    const unreachable = await testLlmConnection(config({ baseURL: closed.url }));
    expect(unreachable).toMatchObject({ ok: false, error: expect.stringMatching(/could not connect/) });

    const unconfigured = await testLlmConnection(config({ baseURL: undefined, apiKey: undefined }));
    expect(unconfigured).toMatchObject({ ok: false, error: expect.stringMatching(/No LLM endpoint is configured/) });
  });
});

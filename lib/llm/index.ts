// Entry point of the LLM layer. Use-cases depend on the `LlmClient` type only; the app and the
// worker build the real client here. (The scripted fake lives in ./fake-client for tests.)
import { getDb } from "../db/client";
import { createPrismaLlmCallStore } from "../db/llm-calls";
import { env } from "../env";
import type { LlmCallStore } from "./call-store";
import { createOpenAiLlmClient, type OpenAiLlmClientDeps } from "./openai-client";
import { parsePriceTable } from "./prices";
import { LLM_STAGES, type LlmClient, type LlmConfig, type LlmStage } from "./types";

export * from "./types";
export type { CachedLlmCall, LlmCallRecord, LlmCallStore } from "./call-store";
export { buildCacheKey, hashLlmInput } from "./cache-key";
export { DEFAULT_PRICES, costFor, parsePriceTable } from "./prices";
export { createOpenAiLlmClient, type OpenAiLlmClientDeps } from "./openai-client";
export { isLlmConfigured } from "./openai-sdk";
export { testLlmConnection, CONNECTION_TEST_PROMPT_ID, type LlmConnectionTestResult } from "./test-connection";

/** Config from the environment; Settings pass overrides (endpoint, key, per-stage models). */
export function llmConfigFromEnv(overrides: Partial<LlmConfig> = {}): LlmConfig {
  const models = Object.fromEntries(LLM_STAGES.map((stage) => [stage, env.LLM_MODEL])) as Record<LlmStage, string>;
  return {
    baseURL: env.OPENAI_BASE_URL,
    apiKey: env.OPENAI_API_KEY,
    models,
    concurrency: env.LLM_CONCURRENCY,
    timeoutMs: env.LLM_TIMEOUT_MS,
    maxRetries: env.LLM_MAX_RETRIES,
    prices: parsePriceTable(env.LLM_PRICES),
    ...overrides,
  };
}

/** Resolves the database per call, so building a client never needs a running database. */
export function createDefaultLlmCallStore(): LlmCallStore {
  return {
    findCached: (cacheKey) => createPrismaLlmCallStore(getDb()).findCached(cacheKey),
    record: (row) => createPrismaLlmCallStore(getDb()).record(row),
  };
}

/** The production client: env config and the LlmCall table unless given. */
export function createLlmClient({
  config = llmConfigFromEnv(),
  store = createDefaultLlmCallStore(),
  deps,
}: { config?: LlmConfig; store?: LlmCallStore; deps?: OpenAiLlmClientDeps } = {}): LlmClient {
  return createOpenAiLlmClient(config, store, deps);
}

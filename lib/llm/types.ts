// The LLM port the use-cases depend on. Implementations: openai-client.ts (real, any
// OpenAI-compatible server) and fake-client.ts (scripted, for unit tests of orchestration).
import type { z } from "zod";

/** Pipeline stages that call an LLM; each can use its own model (a setting). */
export const LLM_STAGES = [
  "extraction",
  "attribution",
  "segmentation",
  "generalization",
  "consolidation",
  "retrieval",
] as const;

export type LlmStage = (typeof LLM_STAGES)[number];

/** USD per million tokens for one model. */
export interface ModelPrice {
  input: number;
  output: number;
}

/** Model name → price. Unknown models have no cost (recorded as null, not 0). */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/** Everything the real client needs; built from env + Settings by the caller, never read here. */
export interface LlmConfig {
  /** OpenAI-compatible base URL (…/v1). Unset = api.openai.com. */
  baseURL?: string;
  /** May be unset when `baseURL` points at a local server that needs no key. */
  apiKey?: string;
  /** Chat model per stage. */
  models: Record<LlmStage, string>;
  /** Max HTTP requests in flight per client. */
  concurrency: number;
  /** Per HTTP attempt. */
  timeoutMs: number;
  /** Retries after the first attempt on 429 / 5xx / timeouts / connection errors. */
  maxRetries: number;
  prices: PriceTable;
}

/** One structured-output call. `promptId` + `promptVersion` identify the prompt template. */
export interface GenerateObjectArgs<T> {
  stage: LlmStage;
  /** Stable template id, e.g. "extraction.tips". Also sent as the `x-debrief-prompt-id` header. */
  promptId: string;
  /** Bump when the prompt or schema changes meaning: it is part of the cache key. */
  promptVersion: string;
  schema: z.ZodType<T>;
  /** JSON-schema name sent to the provider ([a-zA-Z0-9_-], ≤ 64 chars). */
  schemaName: string;
  system: string;
  input: string;
  projectId?: string | null;
  temperature?: number;
}

/** Token counts summed over every HTTP request the call needed (retries, repair). */
export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface GenerateObjectResult<T> {
  object: T;
  /** Id of the LlmCall row recorded for this call (also for cache hits). */
  callId: string;
  /** True when served from the cache without an HTTP request. */
  cached: boolean;
  model: string;
  usage: LlmUsage;
  /** null when the model is not in the price table. 0 for cache hits. */
  costUsd: number | null;
}

export interface LlmClient {
  generateObject<T>(args: GenerateObjectArgs<T>): Promise<GenerateObjectResult<T>>;
}

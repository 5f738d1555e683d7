// Where LLM calls are recorded and looked up for the cache. The Prisma implementation is
// lib/db/llm-calls.ts; the port keeps the client testable without a database.
import type { LlmStage } from "./types";

/** A previous successful (non-cache-hit) call with the same cache key. */
export interface CachedLlmCall {
  id: string;
  /** The validated object returned then. */
  response: unknown;
  model: string;
}

/** One row of the call log; every call is recorded, cache hits and failures included. */
export interface LlmCallRecord {
  projectId: string | null;
  stage: LlmStage;
  model: string;
  promptId: string;
  promptVersion: string;
  inputHash: string;
  cacheKey: string;
  status: "ok" | "error";
  cacheHit: boolean;
  /** HTTP requests made (retries, fallback and repair included); 0 for cache hits. */
  attempts: number;
  inputTokens: number | null;
  outputTokens: number | null;
  latencyMs: number;
  costUsd: number | null;
  /** A summary of the request (ids, mode, sizes), not the full prompt. */
  request: Record<string, unknown>;
  /** The validated object (ok) or the last raw output, if any (error). */
  response: unknown;
  error: string | null;
}

export interface LlmCallStore {
  findCached(cacheKey: string): Promise<CachedLlmCall | null>;
  record(row: LlmCallRecord): Promise<{ id: string }>;
}

// Retries are done here, not by the SDK (maxRetries: 0 there), so every HTTP attempt is
// counted and recorded. Transient = 429, 408, 5xx, timeouts, connection errors.
import { APIConnectionError, APIError, APIUserAbortError } from "openai";

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff; doubles per retry. */
  baseDelayMs: number;
  /** Cap for backoff and for a server's retry-after. */
  maxDelayMs: number;
  /** [0, 1); injectable so tests are deterministic. */
  random: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Epoch ms, for HTTP-date retry-after values. */
  now: () => number;
}

export function isRetryableError(error: unknown): boolean {
  if (error instanceof APIUserAbortError) return false;
  // Timeouts are APIConnectionTimeoutError, a subclass of APIConnectionError.
  if (error instanceof APIConnectionError) return true;
  if (error instanceof APIError && typeof error.status === "number") {
    return error.status === 429 || error.status === 408 || error.status >= 500;
  }
  return false;
}

/** Delay before retry number `retry` (1-based): the server's retry-after if given, else backoff with jitter. */
export function retryDelayMs(retry: number, error: unknown, policy: RetryPolicy): number {
  const headers = error instanceof APIError ? error.headers : undefined;
  const serverDelay = parseRetryAfterMs(headers, policy.now());
  if (serverDelay !== null) return Math.min(serverDelay, policy.maxDelayMs);
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  // "Equal jitter": at least half the backoff, so retries from many workers spread out.
  return Math.round(exponential / 2 + (policy.random() * exponential) / 2);
}

/** `retry-after-ms` (OpenAI), then `retry-after` as seconds or an HTTP date; null if absent/invalid. */
export function parseRetryAfterMs(headers: Headers | undefined, now: number): number | null {
  if (!headers) return null;
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get("retry-after");
  if (!value) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Runs `operation` until it succeeds, fails permanently, or retries are used up (rethrows the last error). */
export async function withRetry<T>(operation: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let retry = 1; ; retry++) {
    try {
      return await operation();
    } catch (error) {
      if (retry > policy.maxRetries || !isRetryableError(error)) throw error;
      await policy.sleep(retryDelayMs(retry, error, policy));
    }
  }
}

import { APIConnectionTimeoutError, APIError, BadRequestError, RateLimitError } from "openai";
import { describe, expect, it } from "vitest";
import { isRetryableError, parseRetryAfterMs, retryDelayMs, withRetry, type RetryPolicy } from "../../../lib/llm/retry";

const policy = (overrides: Partial<RetryPolicy> = {}): RetryPolicy => ({
  maxRetries: 3,
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  random: () => 0.5,
  sleep: async () => {},
  now: () => 0,
  ...overrides,
});

const statusError = (status: number, headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: { message: `status ${status}` } }, undefined, new Headers(headers));

describe("isRetryableError", () => {
  it("retries 429, 408, 5xx, timeouts; not other 4xx or plain errors", () => {
    expect(isRetryableError(statusError(429))).toBe(true);
    expect(isRetryableError(statusError(408))).toBe(true);
    expect(isRetryableError(statusError(503))).toBe(true);
    expect(isRetryableError(new APIConnectionTimeoutError())).toBe(true);
    expect(isRetryableError(statusError(400))).toBe(false);
    expect(isRetryableError(statusError(401))).toBe(false);
    expect(isRetryableError(new Error("bug"))).toBe(false);
  });
});

describe("retry delays", () => {
  it("backs off exponentially with jitter, capped", () => {
    const error = statusError(500);
    expect(retryDelayMs(1, error, policy({ random: () => 0 }))).toBe(50);
    expect(retryDelayMs(1, error, policy({ random: () => 0.999999 }))).toBe(100);
    expect(retryDelayMs(3, error, policy())).toBe(300);
    expect(retryDelayMs(10, error, policy({ random: () => 0.999999 }))).toBe(1_000);
  });

  it("honours retry-after-ms and retry-after (seconds or date), capped", () => {
    expect(parseRetryAfterMs(new Headers({ "retry-after-ms": "250" }), 0)).toBe(250);
    expect(parseRetryAfterMs(new Headers({ "retry-after": "2" }), 0)).toBe(2_000);
    expect(parseRetryAfterMs(new Headers({ "retry-after": new Date(5_000).toUTCString() }), 1_000)).toBe(4_000);
    expect(parseRetryAfterMs(new Headers({ "retry-after": "soon" }), 0)).toBeNull();
    expect(retryDelayMs(1, statusError(429, { "retry-after": "60" }), policy())).toBe(1_000);
  });
});

describe("withRetry", () => {
  it("retries transient errors up to maxRetries, then rethrows the last one", async () => {
    let calls = 0;
    const sleeps: number[] = [];
    const failing = () => {
      calls += 1;
      return Promise.reject(statusError(500));
    };
    await expect(withRetry(failing, policy({ maxRetries: 2, sleep: async (ms) => void sleeps.push(ms) }))).rejects.toBeInstanceOf(APIError);
    expect(calls).toBe(3);
    expect(sleeps).toHaveLength(2);
  });

  it("does not retry a 400", async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(statusError(400));
    };
    await expect(withRetry(failing, policy())).rejects.toBeInstanceOf(BadRequestError);
    expect(calls).toBe(1);
  });

  it("returns the first success", async () => {
    let calls = 0;
    const flaky = () => (++calls === 1 ? Promise.reject(statusError(429)) : Promise.resolve("ok"));
    await expect(withRetry(flaky, policy())).resolves.toBe("ok");
    expect(statusError(429)).toBeInstanceOf(RateLimitError);
  });
});

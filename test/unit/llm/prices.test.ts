import { describe, expect, it } from "vitest";
import { AppError } from "../../../lib/errors";
import { DEFAULT_PRICES, costFor, findPrice, parsePriceTable } from "../../../lib/llm/prices";

describe("costFor", () => {
  it("prices input and output tokens per million", () => {
    // gpt-4.1-mini: $0.40 in, $1.60 out per 1M tokens.
    expect(costFor("gpt-4.1-mini", { inputTokens: 1_000, outputTokens: 500 }, DEFAULT_PRICES)).toBe(0.0012);
    expect(costFor("gpt-4.1", { inputTokens: 1_000_000, outputTokens: 1_000_000 }, DEFAULT_PRICES)).toBe(10);
  });

  it("returns null for unknown models, 0 for zero usage", () => {
    expect(costFor("llama3.1:8b", { inputTokens: 10, outputTokens: 10 }, DEFAULT_PRICES)).toBeNull();
    expect(costFor("gpt-4o", { inputTokens: 0, outputTokens: 0 }, DEFAULT_PRICES)).toBe(0);
  });

  it("matches dated snapshots and provider prefixes", () => {
    expect(findPrice("gpt-4o-mini-2024-07-18", DEFAULT_PRICES)).toEqual(DEFAULT_PRICES["gpt-4o-mini"]);
    expect(findPrice("openai/gpt-4.1-nano", DEFAULT_PRICES)).toEqual(DEFAULT_PRICES["gpt-4.1-nano"]);
  });

  it("covers the common OpenAI models", () => {
    for (const model of ["gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o", "gpt-4o-mini", "o4-mini", "text-embedding-3-small", "text-embedding-3-large"]) {
      expect(DEFAULT_PRICES[model], model).toBeDefined();
    }
  });
});

describe("parsePriceTable", () => {
  it("returns the defaults when unset or blank", () => {
    expect(parsePriceTable(undefined)).toBe(DEFAULT_PRICES);
    expect(parsePriceTable("  ")).toBe(DEFAULT_PRICES);
  });

  it("merges overrides and new models over the defaults", () => {
    const table = parsePriceTable('{"gpt-4o":{"input":1,"output":2},"local":{"input":0,"output":0}}');
    expect(table["gpt-4o"]).toEqual({ input: 1, output: 2 });
    expect(table["local"]).toEqual({ input: 0, output: 0 });
    expect(table["gpt-4.1"]).toEqual(DEFAULT_PRICES["gpt-4.1"]);
    expect(costFor("local", { inputTokens: 5, outputTokens: 5 }, table)).toBe(0);
  });

  it("rejects malformed JSON and wrong shapes with a clear AppError", () => {
    expect(() => parsePriceTable("{nope")).toThrowError(AppError);
    try {
      parsePriceTable('{"m":{"input":-1}}');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).userMessage).toMatch(/LLM_PRICES/);
    }
  });
});

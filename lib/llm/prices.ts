// Built-in USD prices per million tokens, so cost is recorded without any setup.
// Prices change: LLM_PRICES (JSON) overrides or adds models without a release.
import { z } from "zod";
import { AppError } from "../errors";
import type { LlmUsage, ModelPrice, PriceTable } from "./types";

/** OpenAI list prices (standard tier, USD per 1M tokens) at the time of writing. */
export const DEFAULT_PRICES: PriceTable = {
  "gpt-4.1": { input: 2, output: 8 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "o4-mini": { input: 1.1, output: 4.4 },
  "text-embedding-3-small": { input: 0.02, output: 0 },
  "text-embedding-3-large": { input: 0.13, output: 0 },
};

const priceOverridesSchema = z.record(
  z.string().min(1),
  z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() }),
);

/** Merges a JSON object `{ model: { input, output } }` over `base`; unset/empty = `base`. */
export function parsePriceTable(json: string | undefined | null, base: PriceTable = DEFAULT_PRICES): PriceTable {
  if (!json || json.trim() === "") return base;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (cause) {
    throw invalidPrices("it is not valid JSON", cause);
  }
  const parsed = priceOverridesSchema.safeParse(raw);
  if (!parsed.success) throw invalidPrices(z.prettifyError(parsed.error), parsed.error);
  return { ...base, ...parsed.data };
}

function invalidPrices(reason: string, cause: unknown): AppError {
  return new AppError("INVALID_INPUT", {
    userMessage: `LLM_PRICES must be a JSON object like {"my-model":{"input":0.5,"output":1.5}} (USD per million tokens): ${reason}`,
    cause,
  });
}

/** Looks a model up exactly, then without a dated snapshot suffix, then without a provider prefix. */
export function findPrice(model: string, table: PriceTable): ModelPrice | null {
  const undated = model.replace(/-\d{4}-\d{2}-\d{2}$/, "");
  const unprefixed = undated.slice(undated.lastIndexOf("/") + 1);
  for (const candidate of [model, undated, unprefixed]) {
    if (Object.hasOwn(table, candidate)) return table[candidate] ?? null;
  }
  return null;
}

/** USD for `usage` on `model`, rounded to nano-dollars (hides float noise); null if unpriced. */
export function costFor(model: string, usage: LlmUsage, table: PriceTable): number | null {
  const price = findPrice(model, table);
  if (!price) return null;
  const usd = (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
  return Math.round(usd * 1e9) / 1e9;
}

// Provider token-usage objects (Chat Completions, Responses API, Anthropic Messages) to TokenUsage.
// Convention: inputTokens counts every prompt token, cached ones included (OpenAI's meaning), so
// Anthropic's separately reported cache reads/writes are added into it; cachedTokens is the subset.
import type { TokenUsage } from "../schema";

type Obj = Record<string, unknown>;

function count(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

function sum(...values: (number | undefined)[]): number | undefined {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length === 0 ? undefined : known.reduce((a, b) => a + b, 0);
}

function compact(usage: TokenUsage): TokenUsage | undefined {
  const entries = Object.entries(usage).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as TokenUsage);
}

/** Maps any of the three usage shapes; undefined when nothing countable is present. */
export function mapTokenUsage(value: unknown): TokenUsage | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const u = value as Obj;
  const promptDetails = (u.prompt_tokens_details ?? u.input_tokens_details) as Obj | undefined;
  const completionDetails = (u.completion_tokens_details ?? u.output_tokens_details) as Obj | undefined;
  const cacheRead = count(u.cache_read_input_tokens);
  const cacheWrite = count(u.cache_creation_input_tokens);
  const isAnthropic = cacheRead !== undefined || cacheWrite !== undefined;
  const baseInput = count(u.prompt_tokens ?? u.input_tokens);
  return compact({
    inputTokens: isAnthropic ? sum(baseInput, cacheRead, cacheWrite) : baseInput,
    outputTokens: count(u.completion_tokens ?? u.output_tokens),
    cachedTokens: isAnthropic ? cacheRead : count(promptDetails?.cached_tokens),
    reasoningTokens: count(completionDetails?.reasoning_tokens),
    costUsd: typeof u.cost === "number" && u.cost >= 0 ? u.cost : undefined,
  });
}

/** Field-wise sum; undefined + undefined stays undefined. */
export function addTokenUsage(a: TokenUsage | undefined, b: TokenUsage | undefined): TokenUsage | undefined {
  if (!a) return b;
  if (!b) return a;
  return compact({
    inputTokens: sum(a.inputTokens, b.inputTokens),
    outputTokens: sum(a.outputTokens, b.outputTokens),
    cachedTokens: sum(a.cachedTokens, b.cachedTokens),
    reasoningTokens: sum(a.reasoningTokens, b.reasoningTokens),
    costUsd: a.costUsd === undefined && b.costUsd === undefined ? undefined : (a.costUsd ?? 0) + (b.costUsd ?? 0),
  });
}

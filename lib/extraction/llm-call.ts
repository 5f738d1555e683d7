// What each stage reports about its LLM call, and the totals an extraction run records.
import type { GenerateObjectResult, LlmClient, LlmUsage } from "../llm/types";

/** The use-cases' only dependency: the LLM port (real client in production, a scripted fake in tests). */
export interface ExtractionDeps {
  llm: LlmClient;
}

/** One generateObject call: who answered and what it cost (cache hits cost 0). */
export interface LlmCallInfo {
  promptId: string;
  promptVersion: string;
  callId: string;
  model: string;
  cached: boolean;
  usage: LlmUsage;
  costUsd: number | null;
}

export interface CallTotals {
  calls: number;
  cachedCalls: number;
  usage: LlmUsage;
  /** null when any call's model had no price. */
  costUsd: number | null;
}

export function toCallInfo(result: GenerateObjectResult<unknown>, promptId: string, promptVersion: string): LlmCallInfo {
  const { callId, model, cached, usage, costUsd } = result;
  return { promptId, promptVersion, callId, model, cached, usage: { ...usage }, costUsd };
}

export function sumCalls(calls: readonly LlmCallInfo[]): CallTotals {
  let costUsd: number | null = 0;
  const usage = { inputTokens: 0, outputTokens: 0 };
  for (const call of calls) {
    usage.inputTokens += call.usage.inputTokens;
    usage.outputTokens += call.usage.outputTokens;
    costUsd = costUsd === null || call.costUsd === null ? null : costUsd + call.costUsd;
  }
  // Sums of nano-dollar amounts pick up float noise; round like costFor does.
  if (costUsd !== null) costUsd = Math.round(costUsd * 1e9) / 1e9;
  return { calls: calls.length, cachedCalls: calls.filter((c) => c.cached).length, usage, costUsd };
}

// Production dependencies of retrieval: the configured embedder, and an LLM client tuned for a
// request an agent is waiting on — at most one retry and a 20 s timeout per attempt, after which
// selection falls back to cosine rather than keep the agent waiting (extraction jobs keep the
// configured retries).
import { createLlmClient } from "../llm";
import type { LlmClient } from "../llm/types";
import { getConfiguredEmbedder } from "../settings/embedding-settings";
import { getEffectiveLlmConfig } from "../settings/llm-settings";
import type { RetrieveDeps } from "./retrieve";

const MAX_RETRIES = 1;
const TIMEOUT_MS = 20_000;

export async function createRetrievalDeps(): Promise<RetrieveDeps> {
  return { embedder: await getConfiguredEmbedder(), llm: createRetrievalLlmClient };
}

export async function createRetrievalLlmClient(): Promise<LlmClient> {
  const config = await getEffectiveLlmConfig();
  return createLlmClient({ config: { ...config, maxRetries: Math.min(config.maxRetries, MAX_RETRIES), timeoutMs: Math.min(config.timeoutMs, TIMEOUT_MS) } });
}

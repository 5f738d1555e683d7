// Picks the embedding provider for a configured model name: the built-in local embedder,
// or an OpenAI-compatible endpoint. Also the content checksum that lets re-embedding skip
// unchanged texts.
import { createHash } from "node:crypto";
import { AppError } from "../errors";
import { env } from "../env";
import { LOCAL_EMBEDDING_DIMENSION, LOCAL_EMBEDDING_MODEL, createLocalEmbeddings } from "./local-embeddings";
import { createOpenAiEmbeddings } from "./openai-embeddings";
import type { EmbeddingClient } from "./types";

export { LOCAL_EMBEDDING_DIMENSION, LOCAL_EMBEDDING_MODEL };
export type { EmbeddingClient };

/** What selects and reaches an embedding model (from Settings, falling back to env). */
export interface EmbeddingConfig {
  model: string;
  baseURL?: string;
  apiKey?: string;
  /** Required for models not in KNOWN_EMBEDDING_DIMENSIONS; ignored for the local model. */
  dimension?: number;
}

/** Native dimensions of well-known OpenAI models, so Settings need not ask for them. */
export const KNOWN_EMBEDDING_DIMENSIONS: Readonly<Record<string, number>> = {
  "text-embedding-3-small": 1536,
  "text-embedding-3-large": 3072,
  "text-embedding-ada-002": 1536,
};

export function createEmbeddingClient(config: EmbeddingConfig): EmbeddingClient {
  if (config.model === LOCAL_EMBEDDING_MODEL) return createLocalEmbeddings();
  const nativeDimension = KNOWN_EMBEDDING_DIMENSIONS[config.model];
  const dimension = config.dimension ?? nativeDimension;
  if (dimension === undefined) {
    throw new AppError("INVALID_INPUT", {
      message: `No dimension configured for embedding model "${config.model}".`,
      userMessage: `Enter the vector dimension of embedding model "${config.model}" in Settings (see the model's documentation).`,
    });
  }
  return createOpenAiEmbeddings({
    model: config.model,
    dimension,
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    // Only OpenAI's text-embedding-3 models accept `dimensions`, and only to shorten vectors.
    shouldRequestDimension: config.model.startsWith("text-embedding-3") && dimension !== nativeDimension,
  });
}

/** The embedder configured by environment variables (EMBEDDING_MODEL, OPENAI_BASE_URL, OPENAI_API_KEY). */
export function createDefaultEmbeddingClient(): EmbeddingClient {
  return createEmbeddingClient({
    model: env.EMBEDDING_MODEL,
    baseURL: env.OPENAI_BASE_URL,
    apiKey: env.OPENAI_API_KEY,
  });
}

/**
 * Content checksum stored next to a vector: unchanged text under the same model and
 * dimension needs no re-embedding. The NUL separators keep ("a", "bc") and ("ab", "c") apart.
 */
export function textChecksum({ model, dimension, text }: { model: string; dimension: number; text: string }): string {
  return createHash("sha256").update(`${model}\u0000${dimension}\u0000${text}`).digest("hex");
}

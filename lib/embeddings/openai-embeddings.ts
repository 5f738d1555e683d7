import "server-only";
// Embeddings from any OpenAI-compatible `/embeddings` endpoint (OpenAI, Azure, Ollama, vLLM,
// LM Studio…) through the official SDK. Batches inputs, and checks every vector's dimension
// because a mismatch would otherwise surface much later as a pgvector error or, worse, as
// silently incomparable vectors.
import OpenAI from "openai";
import { AppError } from "../errors";
import type { EmbeddingClient } from "./types";

/** Connection and model settings for an OpenAI-compatible embeddings endpoint. */
export interface OpenAiEmbeddingsConfig {
  /** Model name as the server knows it, e.g. "text-embedding-3-small" or "nomic-embed-text". */
  model: string;
  /** Expected length of every returned vector; responses with another length are rejected. */
  dimension: number;
  /** Defaults to https://api.openai.com/v1. */
  baseURL?: string;
  /** Local servers usually need none. */
  apiKey?: string;
  /** Send `dimensions` (OpenAI text-embedding-3 can shorten vectors; most other servers reject it). */
  shouldRequestDimension?: boolean;
  /** Inputs per request (OpenAI allows 2048; smaller batches keep each retry cheap). */
  batchSize?: number;
  /** SDK retries on 408/409/429/5xx and connection errors, with backoff. */
  maxRetries?: number;
  timeoutMs?: number;
}

export const DEFAULT_EMBEDDING_BATCH_SIZE = 96;
// OpenAI caps a request at ~300k tokens; ~4 characters per token leaves ample headroom.
const MAX_BATCH_CHARS = 600_000;
const DEFAULT_BASE_URL = "https://api.openai.com/v1";
// The SDK refuses to start without a key and would otherwise read OPENAI_API_KEY itself.
const PLACEHOLDER_API_KEY = "not-needed";

export function createOpenAiEmbeddings(config: OpenAiEmbeddingsConfig): EmbeddingClient {
  const { model, dimension, shouldRequestDimension = false } = config;
  const baseURL = config.baseURL || DEFAULT_BASE_URL;
  const sdk = new OpenAI({
    baseURL,
    apiKey: config.apiKey || PLACEHOLDER_API_KEY,
    maxRetries: config.maxRetries ?? 3,
    timeout: config.timeoutMs ?? 60_000,
  });

  async function embedBatch(inputs: string[]): Promise<number[][]> {
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      response = await sdk.embeddings.create({
        model,
        input: inputs,
        // Explicit: without it the SDK asks for base64, which some compatible servers lack.
        encoding_format: "float",
        ...(shouldRequestDimension ? { dimensions: dimension } : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppError("EMBEDDING_ERROR", {
        message: `Embedding request to ${baseURL} (model "${model}") failed: ${reason}`,
        userMessage: `The embedding server could not embed the text (model "${model}"): ${reason}`,
        cause: error,
      });
    }
    return toVectors(response, inputs.length, { model, dimension });
  }

  return {
    model,
    dimension,
    async embed(texts) {
      // Newlines degrade some models' embeddings (OpenAI's own guidance for older models).
      const inputs = texts.map((text) => text.replace(/\r\n|\r|\n/g, " ").trim());
      const vectors: number[][] = texts.map(() => new Array<number>(dimension).fill(0));
      // Empty inputs are rejected by OpenAI; like the local embedder they embed to zeros.
      const pending = inputs.flatMap((input, index) => (input ? [{ input, index }] : []));
      for (const batch of toBatches(pending, config.batchSize ?? DEFAULT_EMBEDDING_BATCH_SIZE)) {
        const embedded = await embedBatch(batch.map((item) => item.input));
        batch.forEach((item, i) => (vectors[item.index] = embedded[i] as number[]));
      }
      return vectors;
    },
  };
}

function toVectors(
  response: OpenAI.CreateEmbeddingResponse,
  expectedCount: number,
  { model, dimension }: { model: string; dimension: number },
): number[][] {
  const data = Array.isArray(response?.data) ? [...response.data].sort((a, b) => a.index - b.index) : [];
  if (data.length !== expectedCount) {
    throw new AppError("EMBEDDING_ERROR", {
      message: `Embedding model "${model}" returned ${data.length} vectors for ${expectedCount} inputs.`,
      userMessage: `The embedding server returned an incomplete response for model "${model}".`,
    });
  }
  return data.map(({ embedding }) => {
    if (!Array.isArray(embedding) || embedding.length !== dimension) {
      const actual = Array.isArray(embedding) ? `${embedding.length}-dimensional vectors` : "no vector";
      const message =
        `Embedding model "${model}" returned ${actual}, but ${dimension} dimensions are configured. ` +
        `Set the embedding dimension to match the model, or choose another model.`;
      throw new AppError("EMBEDDING_ERROR", { message, userMessage: message });
    }
    if (!embedding.every(Number.isFinite)) {
      throw new AppError("EMBEDDING_ERROR", { message: `Embedding model "${model}" returned non-numeric values.` });
    }
    return embedding;
  });
}

// Consecutive batches capped by count and by characters.
function toBatches<T extends { input: string }>(items: T[], batchSize: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= batchSize || chars + item.input.length > MAX_BATCH_CHARS)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += item.input.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

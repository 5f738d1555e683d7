// Which embedder the instance uses. The local embedder (no network, no weights) is the
// default; OpenAI-compatible models use the LLM endpoint's base URL and key.
import { getSetting, putSetting } from "../db/settings";
import {
  createEmbeddingClient,
  KNOWN_EMBEDDING_DIMENSIONS,
  LOCAL_EMBEDDING_DIMENSION,
  LOCAL_EMBEDDING_MODEL,
} from "../embeddings";
import type { EmbeddingClient } from "../embeddings/types";
import { env } from "../env";
import { AppError } from "../errors";
import { getEffectiveLlmConfig } from "./llm-settings";
import { embeddingSettingsInputSchema, type EmbeddingSettingsInput, type EmbeddingSettingsView } from "./schema";

const EMBEDDING_KEY = "embedding";

interface StoredEmbeddingSettings {
  model?: string;
  dimension?: number;
}

export async function getEmbeddingSettingsView(): Promise<EmbeddingSettingsView> {
  const stored = (await getSetting<StoredEmbeddingSettings>({ key: EMBEDDING_KEY })) ?? {};
  const model = stored.model ?? env.EMBEDDING_MODEL;
  const isLocal = model === LOCAL_EMBEDDING_MODEL;
  const dimension = isLocal
    ? LOCAL_EMBEDDING_DIMENSION
    : (stored.dimension ?? env.EMBEDDING_DIMENSION ?? KNOWN_EMBEDDING_DIMENSIONS[model] ?? null);
  return { model, dimension, isLocal };
}

export async function saveEmbeddingSettings(input: EmbeddingSettingsInput): Promise<EmbeddingSettingsView> {
  const parsed = embeddingSettingsInputSchema.parse(input);
  const isKnown = parsed.model === LOCAL_EMBEDDING_MODEL || parsed.model in KNOWN_EMBEDDING_DIMENSIONS;
  if (!isKnown && !parsed.dimension && !env.EMBEDDING_DIMENSION) {
    throw new AppError("INVALID_INPUT", {
      userMessage: `Enter the vector dimension of "${parsed.model}" (see the model's documentation, e.g. 768 for nomic-embed-text).`,
    });
  }
  await putSetting({ key: EMBEDDING_KEY, value: { model: parsed.model, dimension: parsed.dimension } });
  return getEmbeddingSettingsView();
}

/** The configured embedder, ready to use. */
export async function getConfiguredEmbedder(): Promise<EmbeddingClient> {
  const view = await getEmbeddingSettingsView();
  if (view.isLocal) return createEmbeddingClient({ model: view.model });
  const llm = await getEffectiveLlmConfig();
  return createEmbeddingClient({
    model: view.model,
    baseURL: llm.baseURL,
    apiKey: llm.apiKey,
    dimension: view.dimension ?? undefined,
  });
}

"use server";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { createApiKey, createApiKeySchema, revokeApiKey, revokeApiKeySchema } from "@/lib/api-keys/api-keys";
import { testLlmConnection } from "@/lib/llm/test-connection";
import { saveEmbeddingSettings } from "@/lib/settings/embedding-settings";
import { getEffectiveLlmConfig, saveLlmSettings } from "@/lib/settings/llm-settings";
import { embeddingSettingsInputSchema, llmSettingsInputSchema } from "@/lib/settings/schema";

export const saveLlmSettingsAction = defineAction(llmSettingsInputSchema, saveLlmSettings);

export const saveEmbeddingSettingsAction = defineAction(embeddingSettingsInputSchema, saveEmbeddingSettings);

export const testLlmConnectionAction = defineAction(z.object({}), async () =>
  testLlmConnection(await getEffectiveLlmConfig()),
);

/** Returns the key's plaintext: the only time it exists outside the caller (only its hash is stored). */
export const createApiKeyAction = defineAction(createApiKeySchema, createApiKey);

export const revokeApiKeyAction = defineAction(revokeApiKeySchema, revokeApiKey);

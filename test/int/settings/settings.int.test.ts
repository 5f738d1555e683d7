// Settings persist in the database, override the environment, and never hand the API key back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { setDatabaseConnection } from "@/lib/db/connection";
import { MEMORY_DATA_DIR, startEmbeddedServer, type EmbeddedServer } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { getConfiguredEmbedder, getEmbeddingSettingsView, saveEmbeddingSettings } from "@/lib/settings/embedding-settings";
import { getConfiguredLlmClient, getEffectiveLlmConfig, getLlmSettingsView, saveLlmSettings } from "@/lib/settings/llm-settings";
import { z } from "zod";
import { startFakeOpenAi } from "../../fake-openai";

// Settings are instance-wide, so this file gets a database of its own.
let server: EmbeddedServer;
beforeAll(async () => {
  server = await startEmbeddedServer({ dataDir: MEMORY_DATA_DIR });
  await migrate({ connectionString: server.url });
  await disconnectDb();
  setDatabaseConnection({ url: server.url, mode: "embedded" });
});
afterAll(async () => {
  await disconnectDb();
  await server.stop();
});

describe("LLM settings", () => {
  it("defaults to the environment and the default model for every stage", async () => {
    const view = await getLlmSettingsView();
    expect(view.defaultModel).toBe("gpt-4.1-mini");
    expect(Object.values(view.effectiveModels)).toEqual(Array(6).fill("gpt-4.1-mini"));
  });

  it("saves endpoint, models per stage and a write-only key", async () => {
    const view = await saveLlmSettings({
      baseURL: "http://127.0.0.1:11434/v1",
      apiKey: "sk-secret-123",
      defaultModel: "llama3.1",
      stageModels: { consolidation: "qwen2.5", extraction: "" },
    });
    expect(view).toMatchObject({
      baseURL: "http://127.0.0.1:11434/v1",
      baseURLSource: "settings",
      apiKey: { isSet: true, source: "settings" },
      effectiveModels: { extraction: "llama3.1", consolidation: "qwen2.5" },
    });
    expect(JSON.stringify(view)).not.toContain("sk-secret-123");
    expect((await getEffectiveLlmConfig()).apiKey).toBe("sk-secret-123");

    // Saving without a key keeps the stored one; clearing removes it.
    await saveLlmSettings({ baseURL: "http://127.0.0.1:11434/v1", defaultModel: "llama3.2" });
    expect((await getEffectiveLlmConfig()).apiKey).toBe("sk-secret-123");
    const cleared = await saveLlmSettings({ baseURL: "", defaultModel: "llama3.2", clearApiKey: true });
    expect(cleared.apiKey.isSet).toBe(false);
    expect(cleared.baseURL).toBeNull();
  });

  it("rejects a malformed endpoint with a message the user can act on", async () => {
    await expect(saveLlmSettings({ baseURL: "localhost:11434", defaultModel: "x" })).rejects.toThrow(/full URL/);
  });
});

describe("the configured LLM client", () => {
  it("calls the saved endpoint with the stage's model and records the call", async () => {
    const fake = await startFakeOpenAi();
    try {
      await saveLlmSettings({ baseURL: fake.url, apiKey: "k", defaultModel: "base-model", stageModels: { attribution: "attr-model" } });
      fake.script("settings.test", { json: { answer: 42 } });
      const llm = await getConfiguredLlmClient();
      const result = await llm.generateObject({
        stage: "attribution",
        promptId: "settings.test",
        promptVersion: "v1",
        schema: z.object({ answer: z.number() }),
        schemaName: "answer",
        system: "Answer.",
        input: "What is six times seven?",
      });
      expect(result).toMatchObject({ object: { answer: 42 }, model: "attr-model", cached: false });
      expect(fake.requestsFor("settings.test")[0]!.body).toMatchObject({ model: "attr-model" });
    } finally {
      await saveLlmSettings({ baseURL: "", defaultModel: "gpt-4.1-mini", clearApiKey: true });
      await fake.close();
    }
  });
});

describe("embedding settings", () => {
  it("uses the local embedder by default and switches to a configured model", async () => {
    expect(await getEmbeddingSettingsView()).toEqual({ model: "local-hash-v1", dimension: 256, isLocal: true });
    expect((await getConfiguredEmbedder()).model).toBe("local-hash-v1");
    const view = await saveEmbeddingSettings({ model: "text-embedding-3-small" });
    expect(view).toEqual({ model: "text-embedding-3-small", dimension: 1536, isLocal: false });
    await expect(saveEmbeddingSettings({ model: "nomic-embed-text", dimension: 768 })).resolves.toMatchObject({ dimension: 768 });
  });
});

import type { Locator, Page } from "@playwright/test";

/** The Settings page: database facts, the LLM endpoint form and the embedding form. */
export class SettingsPage {
  readonly databaseMode: Locator;
  readonly pgvector: Locator;
  readonly baseURL: Locator;
  readonly apiKey: Locator;
  readonly defaultModel: Locator;
  readonly saveLlm: Locator;
  readonly llmStatus: Locator;
  readonly testConnection: Locator;
  readonly connectionResult: Locator;
  readonly embeddingModel: Locator;
  readonly embeddingDimension: Locator;
  readonly saveEmbedding: Locator;
  readonly embeddingStatus: Locator;

  constructor(readonly page: Page) {
    this.databaseMode = page.getByTestId("database-mode");
    this.pgvector = page.getByTestId("database-pgvector");
    this.baseURL = page.getByLabel("Base URL");
    this.apiKey = page.getByLabel("API key");
    this.defaultModel = page.getByLabel("Default model");
    this.saveLlm = page.getByRole("button", { name: "Save LLM settings" });
    this.llmStatus = page.getByTestId("llm-settings-status");
    this.testConnection = page.getByTestId("test-connection");
    this.connectionResult = page.getByTestId("connection-result");
    this.embeddingModel = page.getByLabel("Embedding model");
    this.embeddingDimension = page.getByLabel("Dimension");
    this.saveEmbedding = page.getByRole("button", { name: "Save embedding settings" });
    this.embeddingStatus = page.getByTestId("embedding-settings-status");
  }

  async goto() {
    await this.page.goto("/settings");
  }

  stageModel(stage: string): Locator {
    return this.page.getByTestId(`stage-model-${stage}`);
  }
}

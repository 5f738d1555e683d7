import { expect, test } from "./fixtures";

test.describe("settings", () => {
  test("shows the embedded database with its pgvector version", async ({ settingsPage }) => {
    await settingsPage.goto();
    await expect(settingsPage.databaseMode).toHaveText("embedded");
    await expect(settingsPage.pgvector).toHaveText(/^\d+\.\d+\.\d+$/);
  });

  test("saves models per stage and a key that is never sent back", async ({ settingsPage, page }) => {
    await settingsPage.goto();
    await settingsPage.defaultModel.fill("llama3.1-e2e");
    await settingsPage.stageModel("consolidation").fill("qwen2.5-e2e");
    await settingsPage.apiKey.fill("sk-e2e-secret-value");
    await settingsPage.saveLlm.click();
    await expect(settingsPage.llmStatus).toHaveText("Saved.");

    await page.reload();
    await expect(settingsPage.defaultModel).toHaveValue("llama3.1-e2e");
    await expect(settingsPage.stageModel("consolidation")).toHaveValue("qwen2.5-e2e");
    await expect(settingsPage.stageModel("extraction")).toHaveValue("");
    await expect(settingsPage.apiKey).toHaveValue("");
    await expect(page.getByText("A key is set (saved here)")).toBeVisible();
    expect(await page.content()).not.toContain("sk-e2e-secret-value");

    await page.getByRole("button", { name: "Remove key" }).click();
    await expect(page.getByText(/A key is set \(from OPENAI_API_KEY\)/)).toBeVisible();
  });

  test("tests the connection and reports the provider's error", async ({ settingsPage }) => {
    await settingsPage.goto();
    await settingsPage.testConnection.click();
    await expect(settingsPage.connectionResult).toContainText("Connected:");

    // Nothing listens on port 9: the failure must be shown, not swallowed.
    await settingsPage.baseURL.fill("http://127.0.0.1:9/v1");
    await settingsPage.saveLlm.click();
    await expect(settingsPage.llmStatus).toHaveText("Saved.");
    await settingsPage.testConnection.click();
    await expect(settingsPage.connectionResult).toContainText("Connection failed", { timeout: 20_000 });

    await settingsPage.baseURL.fill("");
    await settingsPage.saveLlm.click();
    await expect(settingsPage.llmStatus).toHaveText("Saved.");
  });

  test("rejects a base URL that is not a URL, next to the field", async ({ settingsPage, page }) => {
    await settingsPage.goto();
    await settingsPage.baseURL.fill("localhost:11434");
    await settingsPage.saveLlm.click();
    await expect(page.getByRole("alert").filter({ hasText: "Enter a full URL" })).toBeVisible();
    await expect(settingsPage.baseURL).toHaveAttribute("aria-invalid", "true");
  });

  test("asks for the dimension of an unknown embedding model", async ({ settingsPage }) => {
    await settingsPage.goto();
    await settingsPage.embeddingModel.fill("nomic-embed-text");
    await settingsPage.saveEmbedding.click();
    await expect(settingsPage.embeddingStatus).toContainText("Enter the vector dimension");
    await settingsPage.embeddingModel.fill("local-hash-v1");
    await settingsPage.saveEmbedding.click();
    await expect(settingsPage.embeddingStatus).toContainText("Saved: local-hash-v1 (256 dimensions)");
  });
});

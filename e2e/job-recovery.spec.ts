import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { archiveTrajectories, seedTrajectories } from "./support/seed";

test.describe("jobs: failures, retry and cancel", () => {
  test("a misconfigured embedder fails every item visibly; after fixing it, Retry finishes the job", async ({
    jobsPage,
    settingsPage,
  }) => {
    const label = `retry-${randomUUID().slice(0, 8)}`;
    await seedTrajectories({ count: 3, label });
    try {
      // The fake endpoint returns 1536-dimensional vectors, so claiming 8 is a real mistake.
      await settingsPage.goto();
      await settingsPage.embeddingModel.fill("e2e-embed");
      await settingsPage.embeddingDimension.fill("8");
      await settingsPage.saveEmbedding.click();
      await expect(settingsPage.embeddingStatus).toContainText("Saved: e2e-embed (8 dimensions)");

      await jobsPage.goto();
      await jobsPage.startReembed.click();
      const failed = jobsPage.rows.first();
      await expect(failed.getByTestId("job-status")).toHaveText(/done, \d+ failed/, { timeout: 60_000 });
      await failed.getByText(/item\(s\) failed after retries/).click();
      await expect(failed.getByTestId("job-item-errors")).toContainText("8");

      await settingsPage.goto();
      await settingsPage.embeddingModel.fill("local-hash-v1");
      await settingsPage.saveEmbedding.click();
      await expect(settingsPage.embeddingStatus).toContainText("Saved: local-hash-v1");

      await jobsPage.goto();
      await expect(jobsPage.rows.first()).toBeVisible(); // the list loads after the page
      const jobsBefore = await jobsPage.rows.count();
      await jobsPage.rows.first().getByRole("button", { name: "Retry" }).click();
      await expect(jobsPage.rows).toHaveCount(jobsBefore + 1);
      const retried = jobsPage.rows.first();
      await expect(retried).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
      await expect(retried.getByTestId("job-status")).toHaveText("succeeded");
    } finally {
      await archiveTrajectories({ label });
    }
  });

  test("a running job can be canceled and stops", async ({ jobsPage }) => {
    test.setTimeout(90_000);
    const label = `cancel-${randomUUID().slice(0, 8)}`;
    await seedTrajectories({ count: 4000, label });
    try {
      await jobsPage.goto();
      await jobsPage.startReembed.click();
      const row = jobsPage.rows.first();
      await expect(row).toHaveAttribute("data-status", "running", { timeout: 30_000 });
      await row.getByRole("button", { name: "Cancel" }).click();
      await expect(row).toHaveAttribute("data-status", "canceled");
      const progress = await row.getByTestId("job-progress").textContent();
      const [done, total] = progress!.split(" / ").map(Number);
      expect(done).toBeLessThan(total!);
      await expect(row.getByRole("button", { name: "Retry" })).toBeVisible();
    } finally {
      await archiveTrajectories({ label });
    }
  });
});

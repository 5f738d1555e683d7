import { expect, test } from "./fixtures";

test.describe("jobs", () => {
  test("starts a re-embedding job and follows it to the end", async ({ jobsPage, page }) => {
    await jobsPage.goto();
    await jobsPage.startReembed.click();
    const row = jobsPage.rows.first();
    await expect(row).toBeVisible();
    await expect(row.getByText("Re-embed project texts")).toBeVisible();
    await expect(row).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
    await expect(row.getByTestId("job-progress")).toHaveText(/^\d+ \/ \d+$/);
    await expect(row.getByRole("progressbar")).toBeVisible();

    // The job's JSON is readable for scripts and the UI alike.
    const id = await row.getAttribute("data-job-id");
    const response = await page.request.get(`/api/jobs/${id}`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ id, status: "succeeded", itemErrors: [] });
  });
});

import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

const FIXTURES = fileURLToPath(new URL("./fixtures/upload/", import.meta.url));
const WEATHER = `${FIXTURES}weather-lookup.json`; // success, 4 steps, mentions Lisbon
const REFUND = `${FIXTURES}invoice-refund.json`; // failure, 3 steps
const TRUNCATED = `${FIXTURES}truncated-run.json`; // cut off mid-string: invalid JSON

/** Each test works in its own fresh project, so the specs do not see each other's uploads. */
function freshProject(name: string): string {
  return `e2e-${name}-${Date.now().toString(36)}`;
}

/** Setup through the HTTP API (not the UI): one file per request. */
async function importViaApi(request: APIRequestContext, project: string, paths: string[]) {
  for (const file of paths) {
    const response = await request.post(`/api/trajectories/import?project=${project}`, {
      multipart: { file: { name: file.split("/").pop()!, mimeType: "application/json", buffer: fs.readFileSync(file) } },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

test.describe("trajectories", () => {
  test("uploads three files at once; the malformed one fails alone with its reason", async ({ uploadPage }) => {
    await uploadPage.goto(freshProject("upload"));
    await uploadPage.upload([WEATHER, REFUND, TRUNCATED]);

    await expect(uploadPage.resultRows).toHaveCount(3);
    await expect(uploadPage.rowsWithStatus("imported")).toHaveCount(2);
    await expect(uploadPage.resultRow("weather-lookup.json")).toContainText("4 steps");
    const failed = uploadPage.resultRow("truncated-run.json");
    await expect(failed).toHaveAttribute("data-status", "failed");
    await expect(failed.getByTestId("upload-result-error")).toContainText(/invalid json/i);
    await expect(failed.getByTestId("upload-result-error")).toContainText(/line \d+/);

    // Every file's own progress row ends in its result; the batch reports the totals.
    await expect(uploadPage.fileProgress).toHaveCount(3);
    await expect(uploadPage.page.locator('[data-testid="upload-file"][data-phase="done"]')).toHaveCount(3);
    await expect(uploadPage.summary).toContainText("2 imported");
    await expect(uploadPage.summary).toContainText("1 failed");
  });

  test("opens an imported trajectory and follows a link to a span of its steps", async ({ uploadPage, viewerPage, page }) => {
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message)); // hydration mismatches surface here
    await uploadPage.goto(freshProject("viewer"));
    await uploadPage.upload([WEATHER]);
    await uploadPage.resultRow("weather-lookup.json").getByTestId("upload-result-trajectory").click();

    await expect(page).toHaveURL(/\/trajectories\/[0-9a-f-]{36}$/);
    await expect(viewerPage.task).toContainText("tomorrow's weather in Lisbon");
    await expect(viewerPage.steps).toHaveCount(4);
    await expect(viewerPage.step(1)).toHaveAttribute("data-error", "true");
    await expect(viewerPage.highlightedSteps).toHaveCount(0);

    await page.goto(`${page.url()}#steps=1-2`);
    await expect(viewerPage.highlightedSteps).toHaveCount(2);
    expect(await viewerPage.highlightedIndexes()).toEqual([1, 2]);
    await expect(viewerPage.highlightSummary).toContainText("steps 1–2");

    // A click on a step number links to it; shift-click on another one links the range between.
    await viewerPage.stepNumber(0).click();
    await expect(page).toHaveURL(/#steps=0$/);
    await viewerPage.stepNumber(3).click({ modifiers: ["Shift"] });
    await expect(page).toHaveURL(/#steps=0-3$/);
    await expect(viewerPage.highlightedSteps).toHaveCount(4);

    // j / k move focus between steps.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("j");
    await expect(viewerPage.step(0)).toBeFocused();
    await page.keyboard.press("j");
    await expect(viewerPage.step(1)).toBeFocused();
    await page.keyboard.press("k");
    await expect(viewerPage.step(0)).toBeFocused();
    expect(pageErrors).toEqual([]);
  });

  test("filters the list by outcome and by search text", async ({ trajectoriesPage, page }) => {
    const project = freshProject("list");
    await importViaApi(page.request, project, [WEATHER, REFUND]);
    await trajectoriesPage.goto(project);
    await expect(trajectoriesPage.rows).toHaveCount(2);

    await trajectoriesPage.outcome.selectOption("failure");
    await expect(trajectoriesPage.rows).toHaveCount(1);
    await expect(trajectoriesPage.rows.first()).toContainText("Refund the duplicate charge");
    await expect(trajectoriesPage.rows.first()).toContainText("failure · LLM judge");
    await expect(page).toHaveURL(/outcome=failure/);

    await trajectoriesPage.clearFilters.click();
    await expect(trajectoriesPage.rows).toHaveCount(2);

    await trajectoriesPage.search.fill("lisbon");
    await expect(trajectoriesPage.rows).toHaveCount(1);
    await expect(trajectoriesPage.rows.first()).toContainText("tomorrow's weather in Lisbon");
    await expect(page).toHaveURL(/q=lisbon/);

    // The filters live in the URL: a reload keeps them.
    await page.reload();
    await expect(trajectoriesPage.rows).toHaveCount(1);
    await expect(trajectoriesPage.search).toHaveValue("lisbon");

    await trajectoriesPage.search.fill("no task says this");
    await expect(trajectoriesPage.noMatch).toBeVisible();
    await expect(trajectoriesPage.rows).toHaveCount(0);

    await trajectoriesPage.clearFilters.click();
    await expect(trajectoriesPage.rows).toHaveCount(2);
    await expect(trajectoriesPage.search).toHaveValue("");
  });

  test("re-uploading a file reports it as a duplicate", async ({ uploadPage, page }) => {
    const project = freshProject("dup");
    await importViaApi(page.request, project, [REFUND]);
    await uploadPage.goto(project);
    await uploadPage.upload([REFUND]);

    const row = uploadPage.resultRow("invoice-refund.json");
    await expect(row).toHaveAttribute("data-status", "duplicate");
    await expect(row).toContainText("already imported");
    await expect(uploadPage.summary).toContainText("0 imported");
    await expect(uploadPage.summary).toContainText("1 duplicate");
  });
});

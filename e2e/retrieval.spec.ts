import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { seedRetrievalProject, TASK, TIP_CONTENT } from "./support/seed-retrieval";

test.describe("retrieval", () => {
  test("tune τ in the playground, copy the guidelines block, and call the API with a key made in Settings", async ({ page, context, baseURL, request, retrievalPage, apiKeysPanel }) => {
    test.setTimeout(90_000);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const { projectSlug, tipIds } = await seedRetrievalProject(request, { project: `e2e-retrieval-${randomUUID().slice(0, 8)}` });

    // An agent's key, created in Settings (shown once).
    await apiKeysPanel.goto(projectSlug);
    const apiKey = await apiKeysPanel.createKey("e2e-agent");
    expect(apiKey).toMatch(/^dbk_/);

    // The playground at the project's defaults (cosine, τ 0.60, no top-k): the three Venmo tips.
    await retrievalPage.goto(projectSlug);
    await expect(page.getByTestId("retrieval-no-task")).toContainText("τ 0.60");
    await retrievalPage.retrieve(TASK);
    await expect(retrievalPage.candidates).toHaveCount(5);
    await expect(retrievalPage.tauLine).toHaveAttribute("data-threshold", "0.60");
    await expect(retrievalPage.selectedCount).toHaveAttribute("data-count", "3");
    await expect(retrievalPage.histogram).toHaveAttribute("data-selected", "3");
    await expect(retrievalPage.candidate(tipIds.venmo3)).toHaveAttribute("data-decision", "selected");
    await expect(retrievalPage.candidate(tipIds.spotify1).getByTestId("candidate-reason")).toHaveText(/^below τ 0\.60 \(0\.\d\d\)$/);
    const tauX = await retrievalPage.tauLine.getAttribute("data-x");

    // τ → 0.70: the line moves right and venmo3 (0.68) drops below it; no new retrieval is made.
    await retrievalPage.moveThreshold(10);
    await expect(retrievalPage.thresholdInput).toHaveValue("0.70");
    await expect(retrievalPage.tauLine).toHaveAttribute("data-threshold", "0.70");
    expect(Number(await retrievalPage.tauLine.getAttribute("data-x"))).toBeGreaterThan(Number(tauX));
    await expect(retrievalPage.selectedCount).toHaveAttribute("data-count", "2");
    await expect(retrievalPage.candidate(tipIds.venmo3)).toHaveAttribute("data-decision", "below_threshold");
    await expect(retrievalPage.candidate(tipIds.venmo3).getByTestId("candidate-reason")).toHaveText("below τ 0.70 (0.68)");

    // τ → 0.75: only the identical description is left.
    await retrievalPage.moveThreshold(5);
    await expect(retrievalPage.tauLine).toHaveAttribute("data-threshold", "0.75");
    await expect(retrievalPage.selectedCount).toHaveAttribute("data-count", "1");
    await expect(retrievalPage.histogram).toHaveAttribute("data-selected", "1");
    await expect(retrievalPage.candidate(tipIds.venmo2)).toHaveAttribute("data-decision", "below_threshold");
    await retrievalPage.expectGuidelinesSettled();
    await expect(retrievalPage.guidelinesBlock).toContainText(TIP_CONTENT.venmo1);
    await expect(retrievalPage.guidelinesBlock).not.toContainText(TIP_CONTENT.venmo2);

    // Back to 0.60 with top-1: venmo2 is now cut by k, not τ.
    await retrievalPage.thresholdInput.fill("0.6");
    await retrievalPage.topK.fill("1");
    await expect(retrievalPage.candidate(tipIds.venmo2).getByTestId("candidate-reason")).toHaveText("beyond top-1");
    await retrievalPage.topK.fill("");
    await expect(retrievalPage.selectedCount).toHaveAttribute("data-count", "3");

    // Copy the exact block.
    await retrievalPage.expectGuidelinesSettled();
    await expect(retrievalPage.guidelinesBlock).toContainText(TIP_CONTENT.venmo3);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await retrievalPage.copyGuidelines.click();
    await expect(retrievalPage.copyGuidelines).toHaveText("Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await retrievalPage.guidelinesBlock.textContent());
    expect(copied).toContain("## Guidelines");

    // The agent API with the key from Settings: the same tips, best first.
    const retrieve = (headers: Record<string, string>, body: unknown) =>
      fetch(`${baseURL}/api/v1/retrieve`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    const response = await retrieve({ authorization: `Bearer ${apiKey}` }, { task: TASK, threshold: 0.7 });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { retrievalId: string; tips: { id: string }[]; guidelines: string };
    expect(body.tips.map((tip) => tip.id)).toEqual([tipIds.venmo1, tipIds.venmo2]);
    expect(body.guidelines).toContain(TIP_CONTENT.venmo2);
    expect((await retrieve({}, { task: TASK })).status).toBe(401);
    expect((await retrieve({ authorization: "Bearer dbk_not-a-key" }, { task: TASK })).status).toBe(401);
    expect(pageErrors).toEqual([]);
  });

  test("compare two settings side by side", async ({ page, request, retrievalPage }) => {
    const { projectSlug, tipIds } = await seedRetrievalProject(request, { project: `e2e-retrieval-${randomUUID().slice(0, 8)}` });
    await retrievalPage.goto(projectSlug);
    await retrievalPage.retrieve(TASK);
    await page.getByTestId("compare-toggle").click();
    await page.getByTestId("b-threshold-input").fill("0.75");
    await expect(page.getByTestId("b-selected-count")).toHaveAttribute("data-count", "1");
    await expect(page.getByTestId("overlap-both")).toHaveAttribute("data-count", "1");
    await expect(page.getByTestId("overlap-only-a")).toHaveAttribute("data-count", "2");
    await expect(page.getByTestId("overlap-only-b")).toHaveAttribute("data-count", "0");
    await expect(page.getByTestId("b-selected-list").locator(`[data-tip-id="${tipIds.venmo1}"]`)).toContainText("both");
  });

  test("derive an evaluation set, find the best τ and k, and make them the project default the API uses", async ({ request, baseURL, retrievalPage }) => {
    test.setTimeout(60_000);
    const { projectSlug, apiKey } = await seedRetrievalProject(request, { project: `e2e-retrieval-${randomUUID().slice(0, 8)}` });
    await retrievalPage.goto(projectSlug);
    await retrievalPage.evaluationTab.click();
    await expect(retrievalPage.page.getByTestId("evaluation-empty")).toBeVisible();
    await retrievalPage.page.getByTestId("evaluation-derive").click();
    await expect(retrievalPage.page.getByTestId("derive-result")).toContainText("5 derived tasks");
    await expect(retrievalPage.evaluationTasks).toHaveCount(5);
    await expect(retrievalPage.evaluationTasks.first()).toHaveAttribute("data-expected", "2");

    await retrievalPage.page.getByTestId("evaluation-run").click();
    await expect(retrievalPage.evaluationBest).toHaveAttribute("data-threshold", "0.45");
    await expect(retrievalPage.evaluationBest).toHaveAttribute("data-top-k", "3");
    await expect(retrievalPage.page.getByTestId("f1-line")).toHaveCount(5);
    await expect(retrievalPage.page.locator('[data-testid="evaluation-table"] td[data-best]')).toHaveCount(1);
    await retrievalPage.page.getByTestId("evaluation-use-best").click();
    await expect(retrievalPage.page.getByTestId("evaluation-use-best")).toHaveText("Project default");
    await expect(retrievalPage.evaluationBest.getByTestId("project-defaults")).toContainText("τ 0.45 · top-3");

    const response = await fetch(`${baseURL}/api/v1/retrieve`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ task: TASK }),
    });
    const body = (await response.json()) as { settings: { threshold: number; topK: number | null }; tips: unknown[] };
    expect(body.settings).toMatchObject({ threshold: 0.45, topK: 3 });
    expect(body.tips).toHaveLength(3);
  });
});

import { randomUUID } from "node:crypto";
import { extractionScripts, TASK_TIPS_FOR_REVIEW } from "../test/int/extraction/venmo-script";
import { expect, test } from "./fixtures";
import { modelsRequested, scriptFakeOpenAi } from "./support/fake-openai";
import { importSample } from "./support/seed";

const VENMO_SAMPLE = "altk-evolve/appworld_venmo_task_trajectory.openai-chat.json";
const REVIEWER = "bob-e2e";
const STAGES = ["extraction", "attribution", "segmentation"] as const;

test.describe("LLM extraction through the fake OpenAI server", () => {
  test("extract with this run's models, decide with the keyboard, and find decisions, history and provenance after a reload", async ({ page, request, settingsPage, viewerPage, extractPanel, reviewPage }) => {
    test.setTimeout(120_000);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const run = randomUUID().slice(0, 8);

    // The AppWorld Venmo run in a project of its own (the demo project's copy belongs to the offline
    // review story), and the answers a model would give for it: outcome, attribution, three task tips.
    const { trajectoryId } = await importSample(request, { project: `e2e-llm-${run}`, sample: VENMO_SAMPLE });
    await scriptFakeOpenAi(extractionScripts({ withFaults: false, granularity: "task", taskTips: TASK_TIPS_FOR_REVIEW }));

    // The models Settings give each stage (the app's endpoint is the fake server, from the environment).
    await settingsPage.goto();
    const defaultModel = await settingsPage.defaultModel.inputValue();
    const settingsModels = Object.fromEntries(
      await Promise.all(STAGES.map(async (stage) => [stage, (await settingsPage.stageModel(stage).inputValue()) || defaultModel] as const)),
    ) as Record<(typeof STAGES)[number], string>;

    await viewerPage.goto(trajectoryId);
    await expect(viewerPage.task).toContainText("roommates");
    await extractPanel.llm.check();
    await extractPanel.granularity("task").check();
    await expect(extractPanel.estimate).toContainText("3 LLM calls"); // outcome (unlabelled run), attribution, task tips
    const costBySettings = (await extractPanel.cost.textContent())!;

    // Models: closed by default, prefilled from Settings; changing them re-prices the estimate.
    await expect(extractPanel.model("extraction")).toBeHidden();
    await extractPanel.chooseModels({});
    for (const stage of STAGES) await expect(extractPanel.model(stage)).toHaveValue(settingsModels[stage]);
    await extractPanel.chooseModels({ extraction: "gpt-4.1-nano", attribution: "gpt-4.1" });
    await expect(extractPanel.cost).toHaveText(/^≈ \$\d/);
    await expect(extractPanel.cost).not.toHaveText(costBySettings);
    // Names of this run's own: no known price (the estimate says so), and no LLM cache hit from an earlier run.
    const tipsModel = `e2e-tips-${run}`;
    const attributionModel = `e2e-attribution-${run}`;
    await extractPanel.chooseModels({ extraction: tipsModel, attribution: attributionModel });
    await expect(extractPanel.cost).toHaveText(`cost unknown: no price for ${attributionModel}, ${tipsModel}`);

    await extractPanel.start.click();
    await extractPanel.waitForJob();
    await expect(extractPanel.jobSummary).toHaveText(`LLM · task · extraction ${tipsModel} · attribution ${attributionModel} · segmentation ${settingsModels.segmentation}`);
    const ofThisRun = (models: string[]) => models.filter((model) => model.endsWith(run));
    expect(ofThisRun(await modelsRequested("extraction.outcome"))).toEqual([attributionModel]);
    expect(ofThisRun(await modelsRequested("extraction.attribution"))).toEqual([attributionModel]);
    expect(ofThisRun(await modelsRequested("extraction.tips"))).toEqual([tipsModel]);

    // The review queue for this run: approve one (a), reject one (r), edit one (e, then save and approve).
    await extractPanel.reviewLink.click();
    await expect(page).toHaveURL(new RegExp(`/review\\?.*trajectory=${trajectoryId}`));
    await expect(reviewPage.rows).toHaveCount(3);
    const [approved, rejected, edited] = await reviewPage.tipIds();
    await reviewPage.setReviewer(REVIEWER);
    await reviewPage.expectDetailOf(approved!);
    await expect(reviewPage.detail.getByTestId("tip-meta")).toContainText(tipsModel);
    expect(await reviewPage.approveSelected()).toBe(approved);
    await reviewPage.expectDetailOf(rejected!);
    expect(await reviewPage.rejectSelected("Says the same as the generic rule")).toBe(rejected);
    await reviewPage.expectDetailOf(edited!);
    const content = "When an AppWorld API name is rejected with 422, call apis.api_docs.show_api_descriptions(app_name=<app>) and retry with the exact name it lists.";
    expect(await reviewPage.editSelectedAndApprove(content)).toBe(edited);
    await expect(reviewPage.rows).toHaveCount(0);

    // Reload: the statuses and each decision's history entry (under the reviewer's name) persist.
    await page.reload();
    await expect(reviewPage.rows).toHaveCount(0);
    await reviewPage.tab("all").click();
    await expect(reviewPage.rows).toHaveCount(3);
    await expect(reviewPage.row(approved!)).toHaveAttribute("data-status", "approved");
    await expect(reviewPage.row(rejected!)).toHaveAttribute("data-status", "rejected");
    await expect(reviewPage.row(edited!)).toHaveAttribute("data-status", "approved");
    for (const [tipId, type] of [[approved, "approved"], [rejected, "rejected"], [edited, "edited_and_approved"]] as const) {
      await reviewPage.open(tipId!);
      await expect(reviewPage.events(type)).toHaveCount(1);
      await expect(reviewPage.events(type).getByTestId("tip-event-actor")).toHaveText(REVIEWER);
    }
    await expect(reviewPage.detail.getByTestId("tip-content")).toContainText(content);
    await expect(reviewPage.events("edited_and_approved")).toContainText("show_api_descriptions(app_name=<app>)");

    // Provenance: the source link opens the viewer with exactly those steps highlighted.
    const source = reviewPage.sourceLinks.first();
    const [, start, end] = /#steps=(\d+)-(\d+)$/.exec((await source.getAttribute("href"))!)!;
    await source.click();
    await expect(page).toHaveURL(new RegExp(`/trajectories/${trajectoryId}#steps=${start}-${end}$`));
    await expect(viewerPage.highlightedSteps.first()).toBeVisible();
    expect(await viewerPage.highlightedIndexes()).toEqual(Array.from({ length: Number(end) - Number(start) + 1 }, (_, i) => Number(start) + i));
    expect(pageErrors).toEqual([]);
  });
});

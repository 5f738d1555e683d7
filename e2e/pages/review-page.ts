import { expect, type Locator, type Page } from "@playwright/test";

/** The review queue: status tabs with counts, filters in the URL, the tip list and the detail pane. */
export class ReviewPage {
  readonly rows: Locator;
  readonly detail: Locator;
  readonly history: Locator;
  readonly counts: Locator;
  readonly reviewerName: Locator;
  readonly reviewerInput: Locator;
  readonly rejectReason: Locator;
  readonly editContent: Locator;
  readonly actionError: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId("tip-row");
    this.detail = page.getByTestId("tip-detail");
    this.history = page.getByTestId("tip-history");
    this.counts = page.getByTestId("review-counts");
    this.reviewerName = page.getByTestId("reviewer-name");
    this.reviewerInput = page.getByTestId("reviewer-input");
    this.rejectReason = page.getByTestId("reject-reason");
    this.editContent = page.getByTestId("edit-content");
    this.actionError = page.getByTestId("tip-action-error");
  }

  async goto(project: string, filters: Record<string, string> = {}) {
    await this.page.goto(`/review?${new URLSearchParams({ project, ...filters })}`);
  }

  row(tipId: string): Locator {
    return this.page.locator(`[data-testid="tip-row"][data-tip-id="${tipId}"]`);
  }

  get selectedRow(): Locator {
    return this.page.locator('[data-testid="tip-row"][data-selected="true"]');
  }

  tab(name: "proposed" | "approved" | "rejected" | "all"): Locator {
    return this.page.getByTestId(`review-tab-${name}`);
  }

  /** Waits until the detail pane shows `tipId` (loaded, not the previous tip). */
  async expectDetailOf(tipId: string) {
    await expect(this.detail).toHaveAttribute("data-tip-id", tipId);
  }

  events(type?: string): Locator {
    return type ? this.history.locator(`[data-testid="tip-event"][data-type="${type}"]`) : this.history.getByTestId("tip-event");
  }

  /** Sets "Reviewing as" (stored in localStorage, sent as the actor of every decision). */
  async setReviewer(name: string) {
    await this.reviewerName.click();
    await this.reviewerInput.fill(name);
    await this.reviewerInput.press("Enter");
    await expect(this.reviewerName).toHaveText(name);
  }

  /** Shortcuts act on the page, not on a focused field. */
  async press(key: string) {
    await this.page.keyboard.press(key);
  }

  /** The tip ids of the listed rows, in order. */
  async tipIds(): Promise<string[]> {
    return (await this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-tip-id")))).filter((id): id is string => id !== null);
  }

  /** `a` on the selected tip; it leaves the proposed list. */
  async approveSelected() {
    const tipId = await this.selectedTipId();
    await this.press("a");
    await expect(this.row(tipId)).toHaveCount(0);
    return tipId;
  }

  /** `r`, a reason, Enter: rejects the selected tip. */
  async rejectSelected(reason: string) {
    const tipId = await this.selectedTipId();
    await this.press("r");
    await expect(this.rejectReason).toBeFocused();
    await this.page.keyboard.type(reason);
    await this.page.keyboard.press("Enter");
    await expect(this.row(tipId)).toHaveCount(0);
    return tipId;
  }

  /** `e`, replace the content, Ctrl+Enter: saves the edit and approves the selected tip. */
  async editSelectedAndApprove(content: string) {
    const tipId = await this.selectedTipId();
    await this.press("e");
    await expect(this.editContent).toBeFocused();
    await this.page.keyboard.press("ControlOrMeta+a");
    await this.page.keyboard.insertText(content);
    await this.page.keyboard.press("Control+Enter");
    await expect(this.row(tipId)).toHaveCount(0);
    return tipId;
  }

  /** Shows `tipId` in the detail pane. */
  async open(tipId: string) {
    await this.row(tipId).getByRole("button").click();
    await this.expectDetailOf(tipId);
  }

  /** The provenance links of the tip in the detail pane (each opens the viewer at #steps=a-b). */
  get sourceLinks(): Locator {
    return this.detail.getByTestId("tip-source-link");
  }

  private async selectedTipId(): Promise<string> {
    const tipId = await this.detail.getAttribute("data-tip-id");
    if (!tipId) throw new Error("No tip is shown in the detail pane.");
    await expect(this.selectedRow).toHaveAttribute("data-tip-id", tipId);
    return tipId;
  }
}

/** The "Extract tips" panel on the trajectory viewer. */
export class ExtractPanel {
  readonly root: Locator;
  readonly offline: Locator;
  readonly llm: Locator;
  readonly estimate: Locator;
  readonly start: Locator;
  readonly progress: Locator;
  readonly reviewLink: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("extract-panel");
    this.offline = page.getByTestId("extract-mode-offline");
    this.llm = page.getByTestId("extract-mode-llm");
    this.estimate = page.getByTestId("extract-estimate");
    this.start = page.getByTestId("extract-start");
    this.progress = page.getByTestId("extract-progress");
    this.reviewLink = page.getByTestId("extract-review-link");
  }

  /** Starts an offline extraction once its ($0) estimate is shown, and waits for the job to finish. */
  async runOffline() {
    await this.offline.check();
    await expect(this.estimate).toHaveAttribute("data-ready", "true");
    await expect(this.estimate).toContainText("$0");
    await this.start.click();
    await this.waitForJob();
  }

  granularity(value: "task" | "subtask" | "both"): Locator {
    return this.page.getByTestId(`extract-granularity-${value}`);
  }

  /** The price part of the estimate ("≈ $0.01" or "cost unknown: no price for …"). */
  get cost(): Locator {
    return this.page.getByTestId("extract-estimate-cost");
  }

  /** The expandable "Models" section (closed by default). */
  get models(): Locator {
    return this.page.getByTestId("extract-models");
  }

  model(stage: "extraction" | "attribution" | "segmentation"): Locator {
    return this.page.getByTestId(`extract-model-${stage}`);
  }

  /** What the started job runs on ("LLM · task · extraction … · attribution …"). */
  get jobSummary(): Locator {
    return this.page.getByTestId("extract-job-summary");
  }

  /** Opens the Models section and types this run's models over the prefilled Settings ones. */
  async chooseModels(models: Partial<Record<"extraction" | "attribution" | "segmentation", string>>) {
    if ((await this.models.getAttribute("open")) === null) await this.page.getByTestId("extract-models-toggle").click();
    for (const [stage, model] of Object.entries(models)) await this.model(stage as "extraction").fill(model);
  }

  async waitForJob() {
    await expect(this.progress).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
  }
}

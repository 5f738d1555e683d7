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
    await expect(this.progress).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
  }
}

import { expect, type Locator, type Page } from "@playwright/test";

/** The Retrieval page: the playground (task, settings, histogram, candidates, guidelines) and the evaluation set. */
export class RetrievalPage {
  readonly header: Locator;
  readonly taskInput: Locator;
  readonly thresholdSlider: Locator;
  readonly thresholdInput: Locator;
  readonly topK: Locator;
  readonly results: Locator;
  readonly histogram: Locator;
  readonly tauLine: Locator;
  readonly selectedCount: Locator;
  readonly candidates: Locator;
  readonly guidelinesPanel: Locator;
  readonly guidelinesBlock: Locator;
  readonly copyGuidelines: Locator;
  readonly saveDefaults: Locator;
  readonly projectDefaults: Locator;
  readonly evaluationTab: Locator;
  readonly evaluationTasks: Locator;
  readonly evaluationBest: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByTestId("page-retrieval");
    this.taskInput = page.getByTestId("task-input");
    this.thresholdSlider = page.getByTestId("threshold-slider");
    this.thresholdInput = page.getByTestId("threshold-input");
    this.topK = page.getByTestId("top-k");
    this.results = page.getByTestId("retrieval-results");
    this.histogram = page.getByTestId("score-histogram");
    this.tauLine = this.histogram.getByTestId("tau-line");
    this.selectedCount = page.getByTestId("selected-count");
    this.candidates = page.getByTestId("candidate-row");
    this.guidelinesPanel = page.getByTestId("guidelines-panel");
    this.guidelinesBlock = page.getByTestId("guidelines-block");
    this.copyGuidelines = page.getByTestId("guidelines-copy");
    this.saveDefaults = page.getByTestId("save-defaults");
    this.projectDefaults = page.getByTestId("project-defaults").first();
    this.evaluationTab = page.getByTestId("tab-evaluation");
    this.evaluationTasks = page.getByTestId("evaluation-task");
    this.evaluationBest = page.getByTestId("evaluation-best");
  }

  async goto(project: string) {
    await this.page.goto(`/retrieval?${new URLSearchParams({ project })}`);
    await expect(this.header).toBeVisible();
  }

  /** Types the task and waits for its retrieval (one logged request once typing pauses). */
  async retrieve(task: string) {
    await this.taskInput.fill(task);
    await expect(this.results).toHaveAttribute("data-stale", "false");
  }

  /** Moves the τ slider by `steps` of 0.01 with the keyboard (negative = left). */
  async moveThreshold(steps: number) {
    await this.thresholdSlider.focus();
    for (let i = 0; i < Math.abs(steps); i += 1) await this.page.keyboard.press(steps > 0 ? "ArrowRight" : "ArrowLeft");
  }

  candidate(tipId: string): Locator {
    return this.page.locator(`[data-testid="candidate-row"][data-tip-id="${tipId}"]`);
  }

  /** Waits until the guidelines block shows the current selection (it re-renders after a τ / k change). */
  async expectGuidelinesSettled() {
    await expect(this.guidelinesPanel).toHaveAttribute("data-updating", "false");
  }
}

/** Settings → API keys: create a key and read it (shown once). */
export class ApiKeysPanel {
  readonly name: Locator;
  readonly create: Locator;
  readonly created: Locator;
  readonly value: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByTestId("api-key-name");
    this.create = page.getByTestId("api-key-create");
    this.created = page.getByTestId("api-key-created");
    this.value = page.getByTestId("api-key-value");
  }

  async goto(project: string) {
    await this.page.goto(`/settings?${new URLSearchParams({ project })}`);
  }

  async createKey(name: string): Promise<string> {
    await this.name.fill(name);
    await this.create.click();
    await expect(this.created).toContainText(name);
    return (await this.value.textContent())!.trim();
  }
}

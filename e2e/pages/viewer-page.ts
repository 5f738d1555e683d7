import type { Locator, Page } from "@playwright/test";

/** The trajectory viewer: overview and the step timeline with #steps=… deep links. */
export class ViewerPage {
  readonly steps: Locator;
  readonly highlightedSteps: Locator;
  readonly highlightSummary: Locator;
  readonly task: Locator;

  constructor(readonly page: Page) {
    this.steps = page.getByTestId("step");
    this.highlightedSteps = page.locator('[data-testid="step"][data-highlighted="true"]');
    this.highlightSummary = page.getByTestId("highlight-summary");
    this.task = page.getByTestId("trajectory-task");
  }

  async goto(trajectoryId: string, hash = "") {
    await this.page.goto(`/trajectories/${trajectoryId}${hash}`);
  }

  step(index: number): Locator {
    return this.page.locator(`[data-testid="step"][data-step-index="${index}"]`);
  }

  stepNumber(index: number): Locator {
    return this.step(index).getByTestId("step-number");
  }

  /** The data-step-index of every highlighted step, in page order. */
  async highlightedIndexes(): Promise<number[]> {
    return (await this.highlightedSteps.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-step-index")))).map(Number);
  }
}

import type { Locator, Page } from "@playwright/test";

/** The Jobs page: the job table and the re-embed action. */
export class JobsPage {
  readonly startReembed: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.startReembed = page.getByTestId("start-reembed");
    this.rows = page.getByTestId("job-row");
  }

  async goto() {
    await this.page.goto("/jobs");
  }
}

import type { Locator, Page } from "@playwright/test";

/** The trajectory list: project select, filters kept in the URL, and the table. */
export class TrajectoriesPage {
  readonly rows: Locator;
  readonly search: Locator;
  readonly outcome: Locator;
  readonly clearFilters: Locator;
  readonly count: Locator;
  readonly projectSelect: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId("trajectory-row");
    this.search = page.getByTestId("filter-search");
    this.outcome = page.getByTestId("filter-outcome");
    this.clearFilters = page.getByTestId("clear-filters").first();
    this.count = page.getByTestId("trajectory-count");
    this.projectSelect = page.getByTestId("project-select");
  }

  async goto(project: string) {
    await this.page.goto(`/trajectories?project=${encodeURIComponent(project)}`);
  }

  get noMatch(): Locator {
    return this.page.getByText("No trajectories match these filters");
  }

  row(text: string | RegExp): Locator {
    return this.rows.filter({ hasText: text });
  }
}

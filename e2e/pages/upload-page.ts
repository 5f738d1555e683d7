import { expect, type Locator, type Page } from "@playwright/test";

/** The Upload page: file picker, format override, per-file progress and the result table. */
export class UploadPage {
  readonly input: Locator;
  readonly format: Locator;
  readonly submit: Locator;
  readonly fileProgress: Locator;
  readonly resultRows: Locator;
  readonly summary: Locator;
  readonly error: Locator;
  readonly viewTrajectories: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId("upload-input");
    this.format = page.getByTestId("upload-format");
    this.submit = page.getByTestId("upload-submit");
    this.fileProgress = page.getByTestId("upload-file");
    this.resultRows = page.getByTestId("upload-result-row");
    this.summary = page.getByTestId("upload-summary");
    this.error = page.getByTestId("upload-error");
    this.viewTrajectories = page.getByTestId("view-trajectories");
  }

  async goto(project: string) {
    await this.page.goto(`/trajectories/upload?project=${encodeURIComponent(project)}`);
  }

  /** Picks the files, uploads them as one batch and waits until every result is in. */
  async upload(paths: string[]) {
    await this.input.setInputFiles(paths);
    await this.submit.click();
    await expect(this.summary).toBeVisible({ timeout: 20_000 });
  }

  resultRow(fileName: string): Locator {
    return this.page.locator(`[data-testid="upload-result-row"][data-file="${fileName}"]`);
  }

  rowsWithStatus(status: "imported" | "duplicate" | "failed" | "outcomes"): Locator {
    return this.page.locator(`[data-testid="upload-result-row"][data-status="${status}"]`);
  }
}

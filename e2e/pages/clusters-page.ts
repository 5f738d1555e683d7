import { expect, type Locator, type Page } from "@playwright/test";

/** The Clusters page: run panel (threshold, linkage, live preview, method), map, cluster list, proposals, runs. */
export class ClustersPage {
  readonly runPanel: Locator;
  readonly offline: Locator;
  readonly llm: Locator;
  readonly runButton: Locator;
  readonly progress: Locator;
  readonly thresholdInput: Locator;
  readonly linkage: Locator;
  readonly preview: Locator;
  readonly saveDefault: Locator;
  readonly projectDefaults: Locator;
  readonly map: Locator;
  readonly mapPoints: Locator;
  readonly mapTooltip: Locator;
  readonly selectedCluster: Locator;
  readonly clusterCards: Locator;
  readonly toggleSingles: Locator;
  readonly proposalRows: Locator;
  readonly runRows: Locator;

  constructor(readonly page: Page) {
    this.runPanel = page.getByTestId("run-panel");
    this.offline = page.getByTestId("method-offline");
    this.llm = page.getByTestId("method-llm");
    this.runButton = this.runPanel.getByTestId("run-consolidation");
    this.progress = page.getByTestId("consolidation-progress");
    this.thresholdInput = page.getByTestId("threshold-input");
    this.linkage = page.getByTestId("linkage-select");
    this.preview = page.getByTestId("preview-summary");
    this.saveDefault = page.getByTestId("save-default");
    this.projectDefaults = page.getByTestId("project-defaults");
    this.map = page.getByTestId("cluster-map");
    this.mapPoints = page.getByTestId("map-point");
    this.mapTooltip = page.getByTestId("map-tooltip");
    this.selectedCluster = page.getByTestId("selected-cluster");
    this.clusterCards = page.getByTestId("cluster-card");
    this.toggleSingles = page.getByTestId("toggle-singles");
    this.proposalRows = page.getByTestId("proposal-row");
    this.runRows = page.getByTestId("run-row");
  }

  async goto(project: string, params: Record<string, string> = {}) {
    await this.page.goto(`/clusters?${new URLSearchParams({ project, ...params })}`);
  }

  tab(name: "clusters" | "proposals" | "conflicts" | "runs"): Locator {
    return this.page.getByTestId(`clusters-tab-${name}`);
  }

  /** The cluster card whose member descriptions include `text`. */
  clusterWith(text: string): Locator {
    return this.clusterCards.filter({ has: this.page.getByTestId("cluster-member").filter({ hasText: text }) });
  }

  /** Runs an offline consolidation with the threshold shown and waits until the page shows its result. */
  async runOffline() {
    await this.offline.check();
    await this.runButton.click();
    await expect(this.progress).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
    await expect(this.runButton).toBeEnabled();
  }

  /** Types τ into the number field; the preview follows after a short pause. */
  async setThreshold(value: number) {
    await this.thresholdInput.fill(String(value));
    await expect(this.preview).toHaveAttribute("data-threshold", String(value));
  }
}

/** One proposal: the merge diff (or conflict / keep view), the decisions and what they changed. */
export class ProposalPage {
  readonly review: Locator;
  readonly accept: Locator;
  readonly edit: Locator;
  readonly reject: Locator;
  readonly revert: Locator;
  readonly revertNote: Locator;
  readonly rejectNote: Locator;
  readonly error: Locator;
  readonly diff: Locator;
  readonly outcome: Locator;
  readonly resultTipLink: Locator;
  readonly sourceTips: Locator;
  readonly unionProvenance: Locator;
  readonly editForm: Locator;

  constructor(readonly page: Page) {
    this.review = page.getByTestId("proposal-review");
    this.accept = page.getByTestId("proposal-accept");
    this.edit = page.getByTestId("proposal-edit");
    this.reject = page.getByTestId("proposal-reject");
    this.revert = page.getByTestId("proposal-revert");
    this.revertNote = page.getByTestId("revert-note");
    this.rejectNote = page.getByTestId("reject-note");
    this.error = page.getByTestId("proposal-error");
    this.diff = page.getByTestId("merge-diff");
    this.outcome = page.getByTestId("proposal-outcome");
    this.resultTipLink = page.getByTestId("result-tip-link");
    this.sourceTips = page.getByTestId("source-tip");
    this.unionProvenance = page.getByTestId("union-provenance");
    this.editForm = page.getByTestId("proposal-edit-form");
  }

  async expectStatus(status: "proposed" | "accepted" | "overridden" | "rejected" | "reverted") {
    await expect(this.review).toHaveAttribute("data-status", status);
  }

  sourceTip(tipId: string): Locator {
    return this.page.locator(`[data-testid="source-tip"][data-tip-id="${tipId}"]`);
  }

  /** Shortcuts act on the page, not on a focused field. */
  async press(key: string) {
    await this.page.keyboard.press(key);
  }
}

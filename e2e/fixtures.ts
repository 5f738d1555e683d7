import { test as base } from "@playwright/test";
import { ClustersPage, ProposalPage } from "./pages/clusters-page";
import { JobsPage } from "./pages/jobs-page";
import { ApiKeysPanel, RetrievalPage } from "./pages/retrieval-page";
import { ExtractPanel, ReviewPage } from "./pages/review-page";
import { SettingsPage } from "./pages/settings-page";
import { ShellPage } from "./pages/shell-page";
import { TrajectoriesPage } from "./pages/trajectories-page";
import { UploadPage } from "./pages/upload-page";
import { ViewerPage } from "./pages/viewer-page";

type PageObjects = {
  shell: ShellPage;
  settingsPage: SettingsPage;
  jobsPage: JobsPage;
  uploadPage: UploadPage;
  trajectoriesPage: TrajectoriesPage;
  viewerPage: ViewerPage;
  reviewPage: ReviewPage;
  extractPanel: ExtractPanel;
  clustersPage: ClustersPage;
  proposalPage: ProposalPage;
  retrievalPage: RetrievalPage;
  apiKeysPanel: ApiKeysPanel;
};

/** `test` with page objects; specs import `test` and `expect` from here. */
export const test = base.extend<PageObjects>({
  // The second argument is named `provide`, not `use`, so React's hooks lint rule leaves it alone.
  shell: async ({ page }, provide) => {
    await provide(new ShellPage(page));
  },
  settingsPage: async ({ page }, provide) => {
    await provide(new SettingsPage(page));
  },
  jobsPage: async ({ page }, provide) => {
    await provide(new JobsPage(page));
  },
  uploadPage: async ({ page }, provide) => {
    await provide(new UploadPage(page));
  },
  trajectoriesPage: async ({ page }, provide) => {
    await provide(new TrajectoriesPage(page));
  },
  viewerPage: async ({ page }, provide) => {
    await provide(new ViewerPage(page));
  },
  reviewPage: async ({ page }, provide) => {
    await provide(new ReviewPage(page));
  },
  extractPanel: async ({ page }, provide) => {
    await provide(new ExtractPanel(page));
  },
  clustersPage: async ({ page }, provide) => {
    await provide(new ClustersPage(page));
  },
  proposalPage: async ({ page }, provide) => {
    await provide(new ProposalPage(page));
  },
  retrievalPage: async ({ page }, provide) => {
    await provide(new RetrievalPage(page));
  },
  apiKeysPanel: async ({ page }, provide) => {
    await provide(new ApiKeysPanel(page));
  },
});

export { expect } from "@playwright/test";

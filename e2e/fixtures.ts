import { test as base } from "@playwright/test";
import { JobsPage } from "./pages/jobs-page";
import { SettingsPage } from "./pages/settings-page";
import { ShellPage } from "./pages/shell-page";

type PageObjects = {
  shell: ShellPage;
  settingsPage: SettingsPage;
  jobsPage: JobsPage;
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
});

export { expect } from "@playwright/test";

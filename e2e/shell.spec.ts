import { expect, test } from "./fixtures";
import { NAV_NAMES } from "./pages/shell-page";

const HEADINGS = {
  trajectories: "Trajectories",
  review: "Review",
  clusters: "Clusters",
  retrieval: "Retrieval",
  jobs: "Jobs",
  settings: "Settings",
} as const;

test.describe("app shell", () => {
  test("a newcomer sees the loop and where to start", async ({ shell, page }) => {
    await shell.goto("/");
    await expect(shell.pageHeader("dashboard")).toBeVisible();
    await expect(shell.brandLink).toHaveAttribute("aria-current", "page");
    for (const step of ["Upload trajectories", "Extract tips", "Review", "Consolidate", "Retrieve"]) {
      await expect(page.getByRole("heading", { name: step, exact: true })).toBeVisible();
    }
    await page.getByTestId("loop-step-3").click();
    await expect(shell.pageHeader("review")).toBeVisible();
  });

  test("every navigation link opens its page and is marked active", async ({ shell, page }) => {
    await shell.goto("/");
    for (const name of NAV_NAMES) {
      await shell.navigateTo(name);
      await expect(shell.pageHeader(name)).toBeVisible();
      await expect(shell.pageHeader(name).getByRole("heading", { level: 1 })).toHaveText(HEADINGS[name]);
      await shell.expectActive(name);
      await expect(shell.brandLink).not.toHaveAttribute("aria-current");
    }
    await shell.brandLink.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(shell.pageHeader("dashboard")).toBeVisible();
  });

  test("the health indicator reports the embedded database and pgvector", async ({ shell }) => {
    await shell.goto("/trajectories");
    await expect(shell.healthIndicator).toHaveAttribute("data-state", "ok");
    await expect(shell.healthIndicator).toContainText("embedded");
    await expect(shell.healthIndicator).toContainText(/pgvector \d+\.\d+(\.\d+)?/);
  });

  test("keyboard users reach the navigation with Tab", async ({ shell, page }) => {
    await shell.goto("/");
    await shell.tabUntilFocused(shell.navLink("trajectories"));
    await expect(shell.navLink("trajectories")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(shell.navLink("review")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(shell.pageHeader("review")).toBeVisible();
    await shell.expectActive("review");
  });

  test("unknown addresses show a not-found page inside the shell", async ({ shell, page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(shell.navLink("trajectories")).toBeVisible();
  });
});

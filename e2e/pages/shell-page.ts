import { expect, type Locator, type Page } from "@playwright/test";

/** Names used in `data-testid="nav-<name>"`, in the order the sidebar shows them. */
export const NAV_NAMES = ["trajectories", "review", "clusters", "retrieval", "jobs", "settings"] as const;
export type NavName = (typeof NAV_NAMES)[number];

/** The app shell: sidebar navigation, health indicator, and the current page's heading region. */
export class ShellPage {
  readonly healthIndicator: Locator;
  readonly brandLink: Locator;

  constructor(readonly page: Page) {
    this.healthIndicator = page.getByTestId("health-indicator");
    this.brandLink = page.getByTestId("nav-home");
  }

  async goto(path = "/") {
    await this.page.goto(path);
  }

  navLink(name: NavName): Locator {
    return this.page.getByTestId(`nav-${name}`);
  }

  /** The heading region of a page, e.g. `pageHeader("review")` → `data-testid="page-review"`. */
  pageHeader(name: string): Locator {
    return this.page.getByTestId(`page-${name}`);
  }

  async navigateTo(name: NavName) {
    await this.navLink(name).click();
    await expect(this.page).toHaveURL(new RegExp(`/${name}$`));
  }

  async expectActive(name: NavName) {
    await expect(this.navLink(name)).toHaveAttribute("aria-current", "page");
    for (const other of NAV_NAMES.filter((n) => n !== name)) {
      await expect(this.navLink(other)).not.toHaveAttribute("aria-current");
    }
  }

  /** Presses Tab until `target` has focus; fails after `maxPresses`. */
  async tabUntilFocused(target: Locator, maxPresses = 15): Promise<number> {
    for (let presses = 1; presses <= maxPresses; presses++) {
      await this.page.keyboard.press("Tab");
      if (await target.evaluate((element) => element === document.activeElement)) return presses;
    }
    throw new Error(`Focus did not reach the element within ${maxPresses} Tab presses`);
  }
}

import type { ReactNode } from "react";
import { HealthIndicator } from "./health-indicator";
import { BrandLink, NavLinks } from "./nav-links";

/**
 * Sidebar on wide screens, a top bar with a scrollable nav row on narrow ones. The skip link is the
 * first tab stop, then the brand, then the navigation.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-accent-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="min-h-dvh md:flex">
        <aside className="flex flex-col gap-3 border-b border-zinc-200 bg-white px-3 py-3 md:sticky md:top-0 md:h-dvh md:w-56 md:shrink-0 md:gap-5 md:border-r md:border-b-0 md:py-4">
          <BrandLink />
          <NavLinks />
          <footer className="border-t border-zinc-200 px-1 pt-3 md:mt-auto">
            <HealthIndicator />
          </footer>
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </>
  );
}

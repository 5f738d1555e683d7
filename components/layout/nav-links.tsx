"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { NAV_ITEMS, isActivePath } from "./nav-items";

export function NavLinks() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="min-w-0">
      <ul className="flex gap-0.5 overflow-x-auto [scrollbar-width:thin] md:flex-col md:overflow-visible">
        {NAV_ITEMS.map(({ name, label, href, icon: Icon }) => {
          const isActive = isActivePath(pathname, href);
          return (
            <li key={name}>
              <Link
                href={href}
                data-testid={`nav-${name}`}
                aria-current={isActive ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm whitespace-nowrap transition-colors",
                  isActive
                    ? "bg-accent-50 font-medium text-accent-700"
                    : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900",
                )}
              >
                <Icon className={cn("size-4 shrink-0", isActive ? "text-accent-600" : "text-zinc-400")} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The product name, linking to the dashboard; marked current there. */
export function BrandLink() {
  const pathname = usePathname();
  return (
    <Link
      href="/"
      data-testid="nav-home"
      aria-current={pathname === "/" ? "page" : undefined}
      className="flex items-center gap-2 rounded-md px-1 py-1 text-[15px] font-semibold tracking-tight text-zinc-900"
    >
      <span aria-hidden className="flex size-6 items-center justify-center rounded-md bg-accent-600 text-xs font-bold text-white">
        D
      </span>
      Debrief
    </Link>
  );
}

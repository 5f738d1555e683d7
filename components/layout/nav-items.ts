import type { ComponentType, SVGProps } from "react";
import {
  ActivityIcon,
  CheckSquareIcon,
  FileTextIcon,
  LayersIcon,
  SearchIcon,
  SlidersIcon,
} from "@/components/ui/icons";

export type NavItem = {
  /** Used in `data-testid="nav-<name>"`. */
  name: string;
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

/** The workflow order: the loop first, then operations. */
export const NAV_ITEMS: readonly NavItem[] = [
  { name: "trajectories", label: "Trajectories", href: "/trajectories", icon: FileTextIcon },
  { name: "review", label: "Review", href: "/review", icon: CheckSquareIcon },
  { name: "clusters", label: "Clusters", href: "/clusters", icon: LayersIcon },
  { name: "retrieval", label: "Retrieval", href: "/retrieval", icon: SearchIcon },
  { name: "jobs", label: "Jobs", href: "/jobs", icon: ActivityIcon },
  { name: "settings", label: "Settings", href: "/settings", icon: SlidersIcon },
];

/** A section is active on its own page and on every page below it (e.g. /trajectories/abc). */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

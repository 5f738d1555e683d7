"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTransition } from "react";
import { Select } from "@/components/ui/select";
import { withProject } from "@/lib/trajectories/project-param";

type ProjectSelectProps = {
  options: { slug: string; name: string }[];
  /** The slug shown; may be one that does not exist yet (the upload page creates it), or "" for none. */
  current: string;
};

/** Switches project by navigating to the same page with `?project=<slug>` (filters are per project, so they reset). */
export function ProjectSelect({ options, current }: ProjectSelectProps) {
  const router = useRouter();
  const pathname = usePathname();
  const [isPending, startTransition] = useTransition();
  const isKnown = current === "" || options.some((option) => option.slug === current);
  const all = isKnown ? options : [...options, { slug: current, name: `${current} (new)` }];
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="project-select" className="text-xs font-medium text-zinc-500">
        Project
      </label>
      <Select
        id="project-select"
        data-testid="project-select"
        value={current}
        disabled={isPending}
        onChange={(event) => startTransition(() => router.push(withProject(pathname, event.target.value)))}
        className="w-44"
      >
        {current === "" ? <option value="">Choose a project…</option> : null}
        {all.map((option) => (
          <option key={option.slug} value={option.slug}>
            {option.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

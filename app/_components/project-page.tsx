// The frame every per-project page shares: resolve `?project=`, render the header with the project
// picker, or the "no such project" state instead of the page.
import "server-only";
import type { ReactElement, ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { ProjectMissing } from "../trajectories/_components/project-missing";
import { ProjectSelect } from "../trajectories/_components/project-select";
import { resolveProject, type ProjectOption } from "../trajectories/_components/resolve-project";

export interface ProjectPageHeader {
  testId: string;
  title: string;
  description: string;
  /** Shown after the project picker; gets the requested project's slug (null when not a valid slug). */
  actions?: (slug: string | null) => ReactNode;
}

export type OpenedProjectPage = { kind: "found"; project: ProjectOption; header: ReactElement } | { kind: "missing"; element: ReactElement };

export async function openProjectPage(param: string | string[] | undefined, { testId, title, description, actions }: ProjectPageHeader): Promise<OpenedProjectPage> {
  const resolved = await resolveProject(param);
  const slug = resolved.kind === "found" ? resolved.project.slug : resolved.slug;
  const header = (
    <PageHeader
      testId={testId}
      title={title}
      description={description}
      actions={
        <>
          <ProjectSelect options={resolved.options} current={slug ?? ""} />
          {actions?.(slug)}
        </>
      }
    />
  );
  if (resolved.kind === "missing") {
    return {
      kind: "missing",
      element: (
        <>
          {header}
          <ProjectMissing requested={resolved.requested} slug={resolved.slug} />
        </>
      ),
    };
  }
  return { kind: "found", project: resolved.project, header };
}

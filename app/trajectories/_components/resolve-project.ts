// Which project a trajectory page shows: the `?project=` slug when given, otherwise the demo
// project while it has trajectories (what a newcomer wants to explore), else the default project.
import "server-only";
import { getOrCreateDefaultProject, listProjects } from "@/lib/db/projects";
import { countTrajectories } from "@/lib/db/trajectory-queries";
import { DEMO_PROJECT_SLUG, parseProjectParam } from "@/lib/trajectories/project-param";

export interface ProjectOption {
  id: string;
  slug: string;
  name: string;
}

export type ResolvedProject =
  | { kind: "found"; project: ProjectOption; options: ProjectOption[] }
  /** `slug` is null when the parameter is not even a valid slug. */
  | { kind: "missing"; requested: string; slug: string | null; options: ProjectOption[] };

export async function resolveProject(param: string | string[] | undefined): Promise<ResolvedProject> {
  const requested = (Array.isArray(param) ? param[0] : param)?.trim() ?? "";
  const slug = parseProjectParam(requested);
  const options = (await listProjects()).map(({ id, slug, name }) => ({ id, slug, name }));
  if (requested) {
    const project = options.find((option) => option.slug === slug);
    return project ? { kind: "found", project, options } : { kind: "missing", requested, slug, options };
  }
  const demo = options.find((option) => option.slug === DEMO_PROJECT_SLUG);
  if (demo && (await countTrajectories({ projectId: demo.id })) > 0) return { kind: "found", project: demo, options };
  const fallback = await getOrCreateDefaultProject();
  const project = { id: fallback.id, slug: fallback.slug, name: fallback.name };
  return { kind: "found", project, options: options.some((o) => o.id === project.id) ? options : [...options, project] };
}

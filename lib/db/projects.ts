import { getDb } from "./client";

export const DEFAULT_PROJECT_SLUG = "default";

/** The project every surface uses until projects can be chosen; created on first use. */
export async function getOrCreateDefaultProject() {
  return getDb().project.upsert({
    where: { slug: DEFAULT_PROJECT_SLUG },
    create: { slug: DEFAULT_PROJECT_SLUG, name: "Default project" },
    update: {},
  });
}

export async function getProjectById({ id }: { id: string }) {
  return getDb().project.findUnique({ where: { id } });
}

/** "My Agent Runs" → "my-agent-runs"; the CLI and API address projects by this slug. */
export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "project"
  );
}

export async function getOrCreateProject({ name }: { name: string }) {
  const slug = slugify(name);
  return getDb().project.upsert({ where: { slug }, create: { slug, name }, update: {} });
}

export async function listProjects() {
  return getDb().project.findMany({ where: { archivedAt: null }, orderBy: { createdAt: "asc" } });
}

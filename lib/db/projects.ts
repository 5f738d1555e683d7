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

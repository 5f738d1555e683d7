// The `?project=<slug>` parameter the trajectory pages share. Pure: the pages resolve the slug
// against the database, these helpers only read and write it.
import { z } from "zod";

/** The project a first start fills with examples (lib/demo/seed-demo-project.ts). */
export const DEMO_PROJECT_SLUG = "demo";

/** What lib/db/projects.ts `slugify` produces: lowercase letters, digits and single dashes. */
const projectSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(60);

/** The slug in a search-param value, or null when it is absent or not a slug. */
export function parseProjectParam(value: string | string[] | undefined | null): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (!first) return null;
  const parsed = projectSlugSchema.safeParse(first);
  return parsed.success ? parsed.data : null;
}

/** `path` with `?project=slug` (and any extra params) appended; empty values are left out. */
export function withProject(path: string, slug: string | null, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  if (slug) params.set("project", slug);
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

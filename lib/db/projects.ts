import { z } from "zod";
import { LINKAGES } from "../consolidation/cluster/linkage";
import { AppError } from "../errors";
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

/** A project's consolidation defaults; every field optional (only the given ones change). */
export const consolidationSettingsSchema = z.object({
  /** Cosine similarity at which descriptions cluster: 0 < τ ≤ 1 (the paper: 0.85). */
  threshold: z.number("The threshold is a number.").gt(0, "The threshold must be above 0.").max(1, "The threshold is at most 1.").optional(),
  linkage: z.enum(LINKAGES, "Linkage is average, single or complete.").optional(),
  /** Auto-accept merges whose sources are all unreviewed proposals. */
  autoAcceptMerges: z.boolean().optional(),
});
export type ConsolidationSettingsInput = z.input<typeof consolidationSettingsSchema>;

export interface ConsolidationSettings {
  threshold: number;
  linkage: string;
  autoAcceptMerges: boolean;
}

/** Saves a project's consolidation defaults (threshold, linkage, auto-accept); invalid values are refused. */
export async function updateConsolidationSettings({ id, ...input }: { id: string } & ConsolidationSettingsInput): Promise<ConsolidationSettings> {
  const parsed = consolidationSettingsSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("INVALID_INPUT", { userMessage: parsed.error.issues.map((issue) => `${issue.path.join(".") || "settings"}: ${issue.message}`).join("; ") });
  }
  const { threshold, linkage, autoAcceptMerges } = parsed.data;
  const db = getDb();
  if (!(await db.project.findUnique({ where: { id }, select: { id: true } }))) {
    throw new AppError("NOT_FOUND", { userMessage: "That project does not exist." });
  }
  const project = await db.project.update({
    where: { id },
    data: { consolidationThreshold: threshold, consolidationLinkage: linkage, autoAcceptMerges },
    select: { consolidationThreshold: true, consolidationLinkage: true, autoAcceptMerges: true },
  });
  return { threshold: project.consolidationThreshold, linkage: project.consolidationLinkage, autoAcceptMerges: project.autoAcceptMerges };
}

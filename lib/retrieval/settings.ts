// A project's retrieval defaults (Retrieval page → "save as project default") and how a request's
// overrides combine with them: request > project > built-in. The built-in defaults follow the
// paper's best cosine setting (τ = 0.6 without top-k).
import { z } from "zod";
import { getRetrievalSettingsRow, upsertRetrievalSettings, type RetrievalSettingsRow } from "../db/retrieval-settings";
import {
  effectiveRetrievalSettingsSchema,
  retrievalOverridesSchema,
  type EffectiveRetrievalSettings,
  type RetrievalOverrides,
} from "./schema";

/** What a project stores: every effective setting. */
export type ProjectRetrievalSettings = EffectiveRetrievalSettings;

export const DEFAULT_RETRIEVAL_SETTINGS: ProjectRetrievalSettings = {
  strategy: "cosine",
  threshold: 0.6,
  topK: null,
  granularity: "both",
  application: null,
  approvedOnly: true,
  template: "markdown",
  maxTokens: 2000,
};

/** Saving project defaults: any subset of the settings (the rest stay as they are). */
export const projectRetrievalSettingsInputSchema = retrievalOverridesSchema.extend({
  approvedOnly: z.boolean().optional().describe("Only approved tips are retrieved (default); off = proposed tips too."),
});
export type ProjectRetrievalSettingsInput = z.input<typeof projectRetrievalSettingsInputSchema>;

export async function getProjectRetrievalSettings({ projectId }: { projectId: string }): Promise<ProjectRetrievalSettings> {
  const row = await getRetrievalSettingsRow({ projectId });
  return row ? fromRow(row) : { ...DEFAULT_RETRIEVAL_SETTINGS };
}

export async function saveProjectRetrievalSettings({
  projectId,
  settings,
  actor,
}: {
  projectId: string;
  settings: ProjectRetrievalSettingsInput;
  actor: string | null;
}): Promise<ProjectRetrievalSettings> {
  const changes = projectRetrievalSettingsInputSchema.parse(settings);
  const current = await getProjectRetrievalSettings({ projectId });
  const next = effectiveRetrievalSettingsSchema.parse({ ...current, ...withoutUndefined(changes) });
  await upsertRetrievalSettings({
    projectId,
    updatedBy: actor,
    data: {
      strategy: next.strategy,
      threshold: next.threshold,
      topK: next.topK,
      approvedOnly: next.approvedOnly,
      granularity: next.granularity,
      template: next.template,
      tokenBudget: next.maxTokens,
      filters: next.application ? { application: next.application } : {},
    },
  });
  return next;
}

/** PURE: the settings one retrieval runs with. */
export function resolveRetrievalSettings(project: ProjectRetrievalSettings, overrides: RetrievalOverrides): EffectiveRetrievalSettings {
  return { ...project, ...withoutUndefined(overrides) };
}

/** A stored row, each field falling back to the built-in default if it holds something unexpected. */
function fromRow(row: RetrievalSettingsRow): ProjectRetrievalSettings {
  const filters = (row.filters ?? {}) as { application?: unknown };
  const candidate = {
    strategy: row.strategy,
    threshold: row.threshold,
    topK: row.topK,
    granularity: row.granularity,
    application: typeof filters.application === "string" && filters.application.trim() ? filters.application.trim() : null,
    approvedOnly: row.approvedOnly,
    template: row.template,
    maxTokens: row.tokenBudget,
  };
  const shape = effectiveRetrievalSettingsSchema.shape;
  const settings = { ...DEFAULT_RETRIEVAL_SETTINGS };
  for (const key of Object.keys(shape) as (keyof ProjectRetrievalSettings)[]) {
    const parsed = shape[key].safeParse(candidate[key]);
    if (parsed.success) (settings as Record<string, unknown>)[key] = parsed.data;
  }
  return settings;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// The Retrieval page's two server calls.
// - runPlayground: one real retrieval (logged with source "playground", like any other) that also
//   explains every candidate — the nearest tips down to any similarity, whatever their status,
//   granularity or application — so the page can move τ and k in the browser (rank.ts is pure)
//   without embedding the task again. It re-runs only when the task, strategy or filters change.
// - previewGuidelines: the guidelines block for the tips the page currently selects, in any
//   template, under the project's token budget (pure rendering; nothing is logged).
import { z } from "zod";
import { listRetrievalTips } from "../db/retrieval-tips";
import { renderGuidelines, type RenderedGuidelines } from "./render-guidelines";
import { retrieve, type RetrievalResult, type RetrieveDeps } from "./retrieve";
import { GUIDELINES_TEMPLATES, MAX_TOKEN_BUDGET, MIN_TOKEN_BUDGET, retrieveRequestSchema, retrievalOverridesSchema } from "./schema";
import { MAX_CANDIDATES } from "./search-candidates";
import { projectRetrievalSettingsInputSchema, saveProjectRetrievalSettings, type ProjectRetrievalSettings } from "./settings";

export const playgroundRequestSchema = z.object({
  projectId: z.uuid("Choose a project."),
  task: retrieveRequestSchema.shape.task,
  strategy: retrievalOverridesSchema.shape.strategy.unwrap(),
  threshold: retrievalOverridesSchema.shape.threshold.unwrap(),
  topK: retrievalOverridesSchema.shape.topK.unwrap(),
  granularity: retrievalOverridesSchema.shape.granularity.unwrap(),
  application: retrievalOverridesSchema.shape.application.unwrap(),
  approvedOnly: z.boolean(),
});
export type PlaygroundRequest = z.input<typeof playgroundRequestSchema>;

export async function runPlayground(input: PlaygroundRequest, deps: RetrieveDeps): Promise<RetrievalResult> {
  const { projectId, task, approvedOnly, ...overrides } = playgroundRequestSchema.parse(input);
  return retrieve({ projectId, task, overrides, approvedOnly, source: "playground", explain: { candidateLimit: MAX_CANDIDATES } }, deps);
}

export const guidelinesPreviewSchema = z.object({
  projectId: z.uuid("Choose a project."),
  /** The selected tips, best first. */
  tipIds: z.array(z.uuid()).max(MAX_CANDIDATES),
  template: z.enum(GUIDELINES_TEMPLATES),
  maxTokens: z.number().int().min(MIN_TOKEN_BUDGET).max(MAX_TOKEN_BUDGET).nullable(),
});
export type GuidelinesPreviewRequest = z.input<typeof guidelinesPreviewSchema>;

export interface GuidelinesPreview extends RenderedGuidelines {
  /** The tips in the block, best first. */
  includedTipIds: string[];
  /** Selected tips the token budget left out (the lowest-ranked). */
  droppedTipIds: string[];
}

export async function previewGuidelines(input: GuidelinesPreviewRequest): Promise<GuidelinesPreview> {
  const { projectId, tipIds, template, maxTokens } = guidelinesPreviewSchema.parse(input);
  const rows = await listRetrievalTips({ projectId, ids: tipIds });
  const byId = new Map(rows.filter((row) => row.status === "approved" || row.status === "proposed").map((row) => [row.id, row]));
  const tips = tipIds.map((id) => byId.get(id)).filter((row) => row !== undefined);
  const rendered = renderGuidelines(tips, { template, maxTokens });
  return {
    ...rendered,
    includedTipIds: tips.slice(0, rendered.included).map((tip) => tip.id),
    droppedTipIds: tips.slice(rendered.included).map((tip) => tip.id),
  };
}

/** "Save as project default" (Retrieval page, playground and evaluation): any subset of the settings. */
export const saveRetrievalDefaultsSchema = projectRetrievalSettingsInputSchema.extend({ projectId: z.uuid("Choose a project.") });
export type SaveRetrievalDefaultsInput = z.input<typeof saveRetrievalDefaultsSchema>;

export async function saveRetrievalDefaults(input: SaveRetrievalDefaultsInput): Promise<ProjectRetrievalSettings> {
  const { projectId, ...settings } = saveRetrievalDefaultsSchema.parse(input);
  return saveProjectRetrievalSettings({ projectId, settings, actor: null });
}

"use server";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { getNormalizedTrajectory } from "@/lib/db/trajectory-queries";
import { AppError } from "@/lib/errors";
import { estimateExtraction } from "@/lib/extraction/estimate-extraction";
import { extractionModelsSchema } from "@/lib/extraction/model-overrides";
import { extractTrajectoriesJob } from "@/lib/jobs/extract-trajectories";
import { enqueueJob } from "@/lib/jobs/queue";

const extractionInputSchema = z.object({
  trajectoryIds: z.array(z.uuid()).min(1, "Choose at least one trajectory.").max(10_000),
  granularity: z.enum(["task", "subtask", "both"]),
  mode: z.enum(["llm", "offline"]),
  /** This job's models per stage; a stage left out uses its Settings model. */
  models: extractionModelsSchema.optional(),
  actor: z.string().trim().min(1).max(100).default("reviewer"),
});

/** The project of the first trajectory; a selection never spans projects. */
async function projectOf(trajectoryIds: string[]): Promise<string> {
  const first = await getNormalizedTrajectory({ id: trajectoryIds[0]! });
  if (!first) throw new AppError("NOT_FOUND", { userMessage: "That trajectory does not exist." });
  return first.projectId;
}

export const estimateExtractionAction = defineAction(extractionInputSchema, async ({ trajectoryIds, granularity, mode, models }) =>
  estimateExtraction({ projectId: await projectOf(trajectoryIds), trajectoryIds, granularity, mode, models }),
);

export const startExtractionAction = defineAction(extractionInputSchema, async ({ trajectoryIds, granularity, mode, models, actor }) => {
  const projectId = await projectOf(trajectoryIds);
  const estimate = await estimateExtraction({ projectId, trajectoryIds, granularity, mode, models });
  if (mode === "llm" && !estimate.llmConfigured) {
    throw new AppError("LLM_NOT_CONFIGURED", {
      userMessage: "No LLM endpoint is configured. Set one in Settings, or use the offline extractor.",
    });
  }
  // Every stage's model is fixed now (Settings filled in where not chosen): the job row shows what
  // runs, and a retry uses the same models.
  const payload = { projectId, trajectoryIds, granularity, mode, actor, ...(mode === "llm" && { models: estimate.models }) };
  return { jobId: await enqueueJob(extractTrajectoriesJob, payload) };
});

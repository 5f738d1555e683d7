// Job: extract tips from trajectories (one, a selection, or a whole project). One item per
// trajectory: a failing trajectory is retried, then reported, while the rest complete. A re-run
// is cheap and safe: finished LLM calls come from the cache and existing proposals are not repeated.
// A run resumed after a crash skips the trajectories this job already finished, and the calls the
// interrupted trajectory had finished come from the cache.
import { z } from "zod";
import { failInterruptedExtractions, listExtractedTrajectoryIds, listTrajectoryIdsForExtraction } from "../db/extractions";
import { describeModels, extractionModelsSchema } from "../extraction/model-overrides";
import { runExtraction } from "../extraction/run-extraction";
import type { LlmClient } from "../llm/types";
import { getConfiguredLlmClient } from "../settings/llm-settings";
import { defineJob } from "./types";

export const extractTrajectoriesPayloadSchema = z.object({
  projectId: z.uuid(),
  /** Empty or missing = every active trajectory of the project. */
  trajectoryIds: z.array(z.uuid()).max(10_000).optional(),
  granularity: z.enum(["task", "subtask", "both"]).default("task"),
  mode: z.enum(["llm", "offline"]).default("offline"),
  /**
   * Models for this job, merged over the Settings models when the client is built. The app records
   * every extraction stage here (resolved when the job is started), so the job shows what ran and a
   * retry runs on the same models even if Settings changed since.
   */
  models: extractionModelsSchema.optional(),
  actor: z.string().default("extractor"),
});
export type ExtractTrajectoriesPayload = z.infer<typeof extractTrajectoriesPayloadSchema>;

export const extractTrajectoriesJob = defineJob({
  name: "extract-trajectories",
  title: "Extract tips",
  payload: extractTrajectoriesPayloadSchema,
  projectIdOf: (payload) => payload.projectId,
  describe: describeExtractionJob,
  options: { retryLimit: 2, retryDelaySeconds: 5 },
  handler: async (payload, context) => {
    const ids = await listTrajectoryIdsForExtraction({ projectId: payload.projectId, trajectoryIds: payload.trajectoryIds });
    await context.setTotal(ids.length);
    const finished = context.attempt > 1 ? await resumeAfterInterruption(context.jobId) : new Set<string>();
    let llm: Promise<LlmClient> | undefined;
    const deps = { llm: () => (llm ??= getConfiguredLlmClient({ models: payload.models })) };
    for (const trajectoryId of ids) {
      if (context.signal.aborted) return;
      if (finished.has(trajectoryId)) {
        await context.advance(1, `trajectory ${trajectoryId.slice(0, 8)} (done before)`);
        continue;
      }
      await context.runItem(`trajectory:${trajectoryId}`, () =>
        runExtraction({ trajectoryId, granularity: payload.granularity, mode: payload.mode, jobId: context.jobId, actor: payload.actor }, deps),
      );
      await context.advance(1, `trajectory ${trajectoryId.slice(0, 8)}`);
    }
  },
});

/** A later attempt of this job: close the runs the previous attempt left open and say which trajectories are done. */
async function resumeAfterInterruption(jobId: string): Promise<Set<string>> {
  await failInterruptedExtractions({ jobId, error: "Interrupted: the worker stopped during this extraction; the job ran it again." });
  return listExtractedTrajectoryIds({ jobId });
}

/** "LLM · task · extraction gpt-4.1-mini · attribution …" or "Offline" for the job row. */
export function describeExtractionJob(payload: ExtractTrajectoriesPayload): string {
  if (payload.mode === "offline") return "Offline (heuristic)";
  const models = payload.models && Object.keys(payload.models).length > 0 ? describeModels(payload.models) : "Settings models";
  return `LLM · ${payload.granularity} · ${models}`;
}

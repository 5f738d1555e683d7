// Job: extract tips from trajectories (one, a selection, or a whole project). One item per
// trajectory: a failing trajectory is retried, then reported, while the rest complete. A re-run
// is cheap and safe: finished LLM calls come from the cache and existing proposals are not repeated.
import { z } from "zod";
import { listTrajectoryIdsForExtraction } from "../db/extractions";
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
  actor: z.string().default("extractor"),
});

export const extractTrajectoriesJob = defineJob({
  name: "extract-trajectories",
  title: "Extract tips",
  payload: extractTrajectoriesPayloadSchema,
  projectIdOf: (payload) => payload.projectId,
  options: { retryLimit: 2, retryDelaySeconds: 5 },
  handler: async (payload, context) => {
    const ids = await listTrajectoryIdsForExtraction({ projectId: payload.projectId, trajectoryIds: payload.trajectoryIds });
    await context.setTotal(ids.length);
    let llm: Promise<LlmClient> | undefined;
    const deps = { llm: () => (llm ??= getConfiguredLlmClient()) };
    for (const trajectoryId of ids) {
      if (context.signal.aborted) return;
      await context.runItem(`trajectory:${trajectoryId}`, () =>
        runExtraction({ trajectoryId, granularity: payload.granularity, mode: payload.mode, jobId: context.jobId, actor: payload.actor }, deps),
      );
      await context.advance(1, `trajectory ${trajectoryId.slice(0, 8)}`);
    }
  },
});

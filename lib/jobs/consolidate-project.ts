// Job: consolidate a project (generalize, cluster, propose merges). In LLM mode each cluster's
// merge is one call; a crashed job is simply run again — finished calls come from the LLM cache
// and proposals already made are not made twice (fingerprints).
import { z } from "zod";
import { consolidateProject } from "../consolidation/consolidate-project";
import type { LlmClient } from "../llm/types";
import { getConfiguredEmbedder } from "../settings/embedding-settings";
import { getConfiguredLlmClient } from "../settings/llm-settings";
import { defineJob } from "./types";

export const consolidateProjectPayloadSchema = z.object({
  projectId: z.uuid(),
  method: z.enum(["llm", "offline"]).default("offline"),
  threshold: z.number().min(0).max(1).optional(),
  linkage: z.enum(["average", "single", "complete"]).optional(),
  actor: z.string().default("consolidation"),
});

export const consolidateProjectJob = defineJob({
  name: "consolidate-project",
  title: "Consolidate tips",
  payload: consolidateProjectPayloadSchema,
  projectIdOf: (payload) => payload.projectId,
  options: { retryLimit: 2, retryDelaySeconds: 5 },
  handler: async (payload, context) => {
    let llm: Promise<LlmClient> | undefined;
    const result = await consolidateProject(
      { ...payload, jobId: context.jobId },
      { embedder: await getConfiguredEmbedder(), llm: () => (llm ??= getConfiguredLlmClient()) },
      { setTotal: (total) => context.setTotal(total), advance: (by, message) => context.advance(by, message), signal: context.signal },
    );
    await context.advance(0, `${result.clusters.length} clusters, ${result.proposals.length} new proposals`);
  },
});

"use server";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { getOrCreateDefaultProject } from "@/lib/db/projects";
import { JOB_DEFINITIONS } from "@/lib/jobs/definitions";
import { cancelJob, enqueueJob, retryJob } from "@/lib/jobs/queue";
import { reembedProjectJob } from "@/lib/jobs/reembed-project";

const jobIdSchema = z.object({ id: z.uuid() });

export const cancelJobAction = defineAction(jobIdSchema, cancelJob);

export const retryJobAction = defineAction(jobIdSchema, async (input) => ({
  id: await retryJob(input, JOB_DEFINITIONS),
}));

export const startReembedAction = defineAction(z.object({ force: z.boolean().default(false) }), async ({ force }) => {
  const project = await getOrCreateDefaultProject();
  return { id: await enqueueJob(reembedProjectJob, { projectId: project.id, force }) };
});

// The project's consolidation job still queued or running, if any: the page follows it, and a
// second run is refused while one is going.
import "server-only";
import { listJobs } from "@/lib/db/jobs";
import { consolidateProjectJob } from "@/lib/jobs/consolidate-project";

export async function findActiveConsolidationJob({ projectId }: { projectId: string }) {
  const jobs = await listJobs({ projectId, limit: 20 });
  return jobs.find((job) => job.name === consolidateProjectJob.name && (job.status === "queued" || job.status === "running")) ?? null;
}

// A worker process's job loop: pg-boss delivers jobs; runJob executes them; a reaper hands
// jobs of crashed workers (no heartbeat for JOB_STALE_SECONDS) back to the queue for a retry.
import type PgBoss from "pg-boss";
import { finishJob, listStaleRunningJobs } from "../db/jobs";
import { ensureQueue, getBoss, stopBoss } from "./queue";
import { DEFAULT_RUN_OPTIONS, runJob, type RunJobOptions } from "./run-job";
import type { JobDefinition } from "./types";

export interface WorkerOptions {
  definitions: readonly JobDefinition[];
  /** Jobs run at once per job type in this process. */
  concurrency: number;
  heartbeatSeconds: number;
  staleSeconds: number;
  run?: Partial<RunJobOptions>;
}

export interface RunningWorker {
  stop(options?: { graceful?: boolean }): Promise<void>;
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const boss = await getBoss();
  const runOptions = { ...DEFAULT_RUN_OPTIONS, heartbeatMs: options.heartbeatSeconds * 1000, ...options.run };
  for (const definition of options.definitions) {
    await ensureQueue(definition);
    for (let slot = 0; slot < options.concurrency; slot++) {
      await boss.work(
        definition.name,
        { batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]: PgBoss.Job[]) => {
          if (job) await runJob(definition, { id: job.id, data: job.data }, runOptions);
        },
      );
    }
  }
  const reaper = setInterval(() => {
    reapStaleJobs(boss, options.staleSeconds).catch((error) => console.error("[jobs] reaper failed", error));
  }, Math.max(1000, (options.staleSeconds * 1000) / 3));
  await reapStaleJobs(boss, options.staleSeconds);

  return {
    async stop({ graceful = true } = {}) {
      clearInterval(reaper);
      await stopBoss({ graceful });
    },
  };
}

/** Fails jobs whose worker died so pg-boss retries them (or fails them for good when out of retries). */
export async function reapStaleJobs(boss: PgBoss, staleSeconds: number): Promise<number> {
  const stale = await listStaleRunningJobs({ staleBefore: new Date(Date.now() - staleSeconds * 1000) });
  for (const job of stale) {
    console.warn(`[jobs] ${job.name} ${job.id} has no heartbeat for ${staleSeconds}s; handing it back to the queue`);
    await boss.fail(job.name, job.id, { message: "worker stopped responding" });
    const queued = await boss.getJobById(job.name, job.id);
    const isOutOfRetries = queued?.state === "failed";
    await finishJob({
      id: job.id,
      status: isOutOfRetries ? "failed" : "queued",
      error: isOutOfRetries
        ? "The worker running this job stopped responding and no retries are left."
        : "The worker running this job stopped responding; it will resume on another worker.",
    });
  }
  return stale.length;
}

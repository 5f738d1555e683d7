import { env } from "../env";
import { JOB_DEFINITIONS } from "./definitions";
import { setQueueSupervisor } from "./queue";
import { startWorker, type RunningWorker } from "./worker";

/** The worker every process kind runs (launcher, `npm run worker`), configured from env. */
export function startDefaultWorker(): Promise<RunningWorker> {
  setQueueSupervisor(true);
  return startWorker({
    definitions: JOB_DEFINITIONS,
    concurrency: env.WORKER_CONCURRENCY,
    heartbeatSeconds: env.JOB_HEARTBEAT_SECONDS,
    staleSeconds: env.JOB_STALE_SECONDS,
  });
}

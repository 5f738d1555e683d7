// Runs one delivery of a queued job: progress row transitions, heartbeat, cancellation,
// per-item retries. Handlers are idempotent per item, so a retry or resumed run continues
// where the last one stopped instead of repeating finished work.
import { finishJob, heartbeatJob, markJobRunning, updateJobProgress } from "../db/jobs";
import { UnrecoverableError } from "../errors";
import { DEFAULT_JOB_OPTIONS, type JobContext, type JobDefinition, type JobItemError } from "./types";

export interface RunJobOptions {
  heartbeatMs: number;
  /** Attempts per item inside one run, with exponential backoff from itemBackoffMs. */
  itemAttempts: number;
  itemBackoffMs: number;
}

export const DEFAULT_RUN_OPTIONS: RunJobOptions = { heartbeatMs: 10_000, itemAttempts: 3, itemBackoffMs: 500 };

export type RunOutcome = "succeeded" | "failed" | "retrying" | "canceled" | "skipped";

/** Throws only to ask the queue for a whole-job retry (transient failure with retries left). */
export async function runJob(
  definition: JobDefinition,
  delivery: { id: string; data: unknown },
  options: RunJobOptions = DEFAULT_RUN_OPTIONS,
): Promise<RunOutcome> {
  const job = await markJobRunning({ id: delivery.id });
  if (!job) return "skipped";
  // Counted by us, not the queue, so a run resumed after a crash counts too.
  const attempt = job.attempts;

  const parsed = definition.payload.safeParse(delivery.data);
  if (!parsed.success) {
    await finishJob({ id: delivery.id, status: "failed", error: `Invalid payload: ${parsed.error.message}` });
    return "failed";
  }

  const controller = new AbortController();
  // A new run re-attempts previously failed items; their errors are re-recorded if they fail again.
  const itemErrors: JobItemError[] = [];
  let done = 0;
  const noticeCancel = (status: string | null) => {
    if (status === "canceled") controller.abort();
  };
  const heartbeat = setInterval(() => {
    heartbeatJob({ id: delivery.id })
      .then(noticeCancel)
      .catch((error) => console.error(`[jobs] heartbeat failed for ${delivery.id}`, error));
  }, options.heartbeatMs);

  const context: JobContext = {
    jobId: delivery.id,
    attempt,
    signal: controller.signal,
    setTotal: async (total) => {
      noticeCancel(await updateJobProgress({ id: delivery.id, total, done: 0, itemErrors }));
    },
    advance: async (count = 1, currentItem) => {
      done += count;
      noticeCancel(await updateJobProgress({ id: delivery.id, done, currentItem: currentItem ?? null }));
    },
    runItem: async (item, work) => {
      for (let itemAttempt = 1; ; itemAttempt++) {
        try {
          return await work();
        } catch (error) {
          if (itemAttempt >= options.itemAttempts || error instanceof UnrecoverableError || controller.signal.aborted) {
            itemErrors.push({ item, message: (error as Error).message, attempts: itemAttempt, at: new Date().toISOString() });
            await updateJobProgress({ id: delivery.id, itemErrors });
            return undefined;
          }
          await sleep(options.itemBackoffMs * 2 ** (itemAttempt - 1));
        }
      }
    },
  };

  try {
    await definition.handler(parsed.data, context);
    if (controller.signal.aborted) return "canceled";
    await finishJob({ id: delivery.id, status: "succeeded" });
    return "succeeded";
  } catch (error) {
    if (controller.signal.aborted) return "canceled";
    const message = (error as Error).message;
    const retryLimit = definition.options?.retryLimit ?? DEFAULT_JOB_OPTIONS.retryLimit;
    if (error instanceof UnrecoverableError || attempt > retryLimit) {
      await finishJob({ id: delivery.id, status: "failed", error: message });
      return "failed";
    }
    await finishJob({ id: delivery.id, status: "queued", error: `Attempt ${attempt} failed, will retry: ${message}` });
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

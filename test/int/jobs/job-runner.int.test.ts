// The job framework on real pg-boss and Postgres: progress rows, per-item retries that end in a
// report (not a loss), whole-job retries, cancel, and retry of a finished job.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getJobById } from "@/lib/db/jobs";
import { cancelJob, enqueueJob, retryJob } from "@/lib/jobs/queue";
import { defineJob, type JobDefinition } from "@/lib/jobs/types";
import { startWorker, type RunningWorker } from "@/lib/jobs/worker";
import { waitFor } from "../../support/wait-for";

const attemptsByItem = new Map<string, number>();
const wholeJobRuns = new Map<string, number>();

// Queue names are unique per run so no other test's worker can take these jobs.
const suffix = randomUUID().slice(0, 8);
const itemsJob = defineJob({
  name: `test-items-${suffix}`,
  title: "Test items",
  payload: z.object({ key: z.string(), items: z.array(z.string()), failAlways: z.array(z.string()).default([]), failOnce: z.array(z.string()).default([]) }),
  handler: async (payload, context) => {
    await context.setTotal(payload.items.length);
    for (const item of payload.items) {
      await context.runItem(item, async () => {
        const key = `${payload.key}:${item}`;
        const attempt = (attemptsByItem.get(key) ?? 0) + 1;
        attemptsByItem.set(key, attempt);
        if (payload.failAlways.includes(item)) throw new Error(`${item} is broken`);
        if (payload.failOnce.includes(item) && attempt === 1) throw new Error(`${item} flaked`);
      });
      await context.advance(1, item);
    }
  },
});
const flakyJob = defineJob({
  name: `test-flaky-${suffix}`,
  title: "Test flaky",
  payload: z.object({ key: z.string(), failRuns: z.number() }),
  options: { retryLimit: 2, retryDelaySeconds: 0 },
  handler: async ({ key, failRuns }) => {
    const run = (wholeJobRuns.get(key) ?? 0) + 1;
    wholeJobRuns.set(key, run);
    if (run <= failRuns) throw new Error(`run ${run} failed`);
  },
});
const slowJob = defineJob({
  name: `test-slow-${suffix}`,
  title: "Test slow",
  payload: z.object({ items: z.number() }),
  handler: async ({ items }, context) => {
    await context.setTotal(items);
    for (let i = 0; i < items && !context.signal.aborted; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await context.advance(1, `item ${i}`);
    }
  },
});
const definitions = [itemsJob, flakyJob, slowJob] as unknown as JobDefinition[];

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker({
    definitions,
    concurrency: 2,
    heartbeatSeconds: 1,
    staleSeconds: 30,
    run: { itemAttempts: 3, itemBackoffMs: 10 },
  });
});
afterAll(async () => {
  await worker.stop({ graceful: false });
});

async function finished(id: string) {
  return waitFor(
    async () => {
      const job = await getJobById({ id });
      return job && ["succeeded", "failed", "canceled"].includes(job.status) ? job : null;
    },
    { what: `job ${id} to finish` },
  );
}

describe("job runner", () => {
  it("records progress and retries a flaky item until it succeeds", async () => {
    const key = randomUUID();
    const id = await enqueueJob(itemsJob, { key, items: ["a", "b", "c"], failOnce: ["b"] });
    const job = await finished(id);
    expect(job).toMatchObject({ status: "succeeded", done: 3, total: 3, itemErrors: [] });
    expect(attemptsByItem.get(`${key}:b`)).toBe(2);
  });

  it("reports an item that keeps failing after its retries and finishes the others", async () => {
    const key = randomUUID();
    const id = await enqueueJob(itemsJob, { key, items: ["a", "bad", "c"], failAlways: ["bad"] });
    const job = await finished(id);
    expect(job.status).toBe("succeeded");
    expect(job.done).toBe(3);
    expect(job.itemErrors).toEqual([expect.objectContaining({ item: "bad", message: "bad is broken", attempts: 3 })]);
    expect(attemptsByItem.get(`${key}:bad`)).toBe(3);
    expect(attemptsByItem.get(`${key}:c`)).toBe(1);

    // Retrying a job that finished with item errors runs it again as a new job linked to the old one.
    const retryId = await retryJob({ id }, definitions);
    const retried = await finished(retryId);
    expect(retried.retryOfId).toBe(id);
    expect(attemptsByItem.get(`${key}:bad`)).toBe(6);
  });

  it("retries a whole job that throws, then succeeds", async () => {
    const key = randomUUID();
    const id = await enqueueJob(flakyJob, { key, failRuns: 1 });
    const job = await finished(id);
    expect(job.status).toBe("succeeded");
    expect(job.attempts).toBe(2);
    expect(wholeJobRuns.get(key)).toBe(2);
  });

  it("fails a job for good when its retries run out, with the last error", async () => {
    const key = randomUUID();
    const id = await enqueueJob(flakyJob, { key, failRuns: 99 });
    const job = await finished(id);
    expect(job.status).toBe("failed");
    expect(job.error).toBe("run 3 failed");
    expect(wholeJobRuns.get(key)).toBe(3);
  });

  it("cancels a running job between items", async () => {
    const id = await enqueueJob(slowJob, { items: 200 });
    await waitFor(async () => ((await getJobById({ id }))?.done ?? 0) >= 2, { what: "progress" });
    await cancelJob({ id });
    const job = await finished(id);
    expect(job.status).toBe("canceled");
    const doneAtCancel = job.done;
    await new Promise((r) => setTimeout(r, 1500));
    const later = await getJobById({ id });
    expect(later!.done).toBeLessThan(200);
    // The runner notices the cancel at its next progress write, not at the next heartbeat.
    expect(later!.done - doneAtCancel).toBeLessThanOrEqual(2);
    await expect(cancelJob({ id })).rejects.toMatchObject({ code: "JOB_NOT_CANCELABLE" });
  });

  it("rejects an invalid payload with a clear error and enqueues nothing", async () => {
    await expect(enqueueJob(itemsJob, { key: 1 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });
});

// The re-embedding job end to end on the real queue: embeds every project text, skips unchanged
// texts on a re-run, survives a killed worker (another worker resumes where it stopped), and
// reports a text that cannot be embedded instead of losing it.
import { afterAll, describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getJobById } from "@/lib/db/jobs";
import { searchNearest } from "@/lib/db/vectors";
import { createLocalEmbeddings } from "@/lib/embeddings/local-embeddings";
import { startDefaultWorker } from "@/lib/jobs/default-worker";
import { enqueueJob } from "@/lib/jobs/queue";
import { reembedProjectJob } from "@/lib/jobs/reembed-project";
import type { JobItemError } from "@/lib/jobs/types";
import { createProject, createTip, createTrajectory } from "../../builders";
import { startEmbeddingsServer } from "../../support/embeddings-server";
import { waitFor } from "../../support/wait-for";
import { startWorkerProcess, type WorkerProcess } from "../../support/worker-process";

const finished = (id: string, timeoutMs = 60_000) =>
  waitFor(
    async () => {
      const job = await getJobById({ id });
      return job && ["succeeded", "failed", "canceled"].includes(job.status) ? job : null;
    },
    { what: `job ${id}`, timeoutMs, intervalMs: 200 },
  );

describe("re-embed project job with the local embedder (in-process worker)", () => {
  it("embeds every text, then skips unchanged ones and redoes only what changed", async () => {
    const worker = await startDefaultWorker();
    try {
      const project = await createProject();
      const tip = await createTip(project.id, { indexDescription: "Complete a purchase with checkout" });
      await createTip(project.id, { content: "Use empty_cart() instead of removing items one by one.", indexDescription: "Empty the shopping cart" });
      await createTrajectory(project.id, { taskDescription: "Renew my music streaming subscription" });

      const first = await finished(await enqueueJob(reembedProjectJob, { projectId: project.id }));
      expect(first).toMatchObject({ status: "succeeded", total: 5, done: 5, itemErrors: [] });
      const rows = await getDb().embedding.findMany({ where: { projectId: project.id } });
      expect(rows).toHaveLength(5);
      expect(new Set(rows.map((r) => `${r.model}/${r.dimension}`))).toEqual(new Set(["local-hash-v1/256"]));

      const [query] = await createLocalEmbeddings().embed(["remove all items from the cart"]);
      const nearest = await searchNearest({ projectId: project.id, ownerType: "tip_index", model: "local-hash-v1", dimension: 256, vector: query!, limit: 2 });
      expect(nearest[0]!.ownerId).not.toBe(tip.id);

      await getDb().tip.update({ where: { id: tip.id }, data: { content: "Verify the cart, address and payment method first." } });
      const before = new Map(rows.map((r) => [`${r.ownerType}:${r.ownerId}`, r.updatedAt.getTime()]));
      const second = await finished(await enqueueJob(reembedProjectJob, { projectId: project.id }));
      expect(second).toMatchObject({ status: "succeeded", total: 5, done: 5 });
      const after = await getDb().embedding.findMany({ where: { projectId: project.id } });
      const changed = after.filter((r) => before.get(`${r.ownerType}:${r.ownerId}`) !== r.updatedAt.getTime());
      expect(changed.map((r) => `${r.ownerType}:${r.ownerId}`)).toEqual([`tip_content:${tip.id}`]);
    } finally {
      await worker.stop({ graceful: false });
    }
  });
});

describe("re-embed project job across worker processes", () => {
  const workers: WorkerProcess[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill()));
  });

  it("resumes after the worker is killed mid-job, embeds each finished text once, and reports a poisoned text", async () => {
    const server = await startEmbeddingsServer({ delayMs: 300, failures: [{ marker: "POISON", times: Infinity }] });
    const env = {
      DEBRIEF_EMBEDDED_DATABASE_URL: inject("databaseUrl"),
      EMBEDDING_MODEL: "test-embed",
      EMBEDDING_DIMENSION: "8",
      OPENAI_BASE_URL: server.url,
      OPENAI_API_KEY: "test-key",
      JOB_HEARTBEAT_SECONDS: "1",
      JOB_STALE_SECONDS: "3",
      WORKER_CONCURRENCY: "1",
    };
    try {
      const project = await createProject();
      const tasks = Array.from({ length: 60 }, (_, i) => `Task number ${i}: book a table for ${i} people`);
      tasks[50] = "POISON task that the embedding server always rejects";
      for (const taskDescription of tasks) await createTrajectory(project.id, { taskDescription });

      const first = startWorkerProcess(env);
      workers.push(first);
      await first.ready;
      const id = await enqueueJob(reembedProjectJob, { projectId: project.id });
      await waitFor(async () => ((await getJobById({ id }))?.done ?? 0) >= 16, { what: "first batch", timeoutMs: 60_000 });
      await first.kill("SIGKILL");
      const storedBeforeCrash = await getDb().embedding.findMany({ where: { projectId: project.id }, select: { ownerId: true } });
      expect(storedBeforeCrash.length).toBeGreaterThanOrEqual(16);
      expect(storedBeforeCrash.length).toBeLessThan(60);

      const second = startWorkerProcess(env);
      workers.push(second);
      await second.ready;
      const job = await finished(id, 90_000);

      expect(job.status).toBe("succeeded");
      expect(job.attempts).toBe(2);
      expect(job).toMatchObject({ total: 60, done: 60 });
      const itemErrors = job.itemErrors as unknown as JobItemError[];
      expect(itemErrors).toHaveLength(1);
      expect(itemErrors[0]).toMatchObject({ attempts: 3 });
      expect(itemErrors[0]!.message).toMatch(/500|POISON/);
      expect(await getDb().embedding.count({ where: { projectId: project.id } })).toBe(59);

      // Texts stored before the crash were not embedded again by the resumed run.
      const trajectories = await getDb().trajectory.findMany({ where: { projectId: project.id } });
      const textById = new Map(trajectories.map((t) => [t.id, t.taskDescription]));
      for (const { ownerId } of storedBeforeCrash) {
        expect(server.inputs.filter((input) => input === textById.get(ownerId))).toHaveLength(1);
      }
    } finally {
      await server.close();
    }
  }, 180_000);
});

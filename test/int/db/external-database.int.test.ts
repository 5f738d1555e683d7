// The same code against an "external" Postgres given by DATABASE_URL: a second PGlite socket
// server stands in for a real PostgreSQL + pgvector. A worker process started with only
// DATABASE_URL migrates it and runs jobs on it; the health check reports mode "external".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb, getDb } from "@/lib/db/client";
import { setDatabaseConnection } from "@/lib/db/connection";
import { MEMORY_DATA_DIR, startEmbeddedServer, type EmbeddedServer } from "@/lib/db/embedded";
import { getJobById } from "@/lib/db/jobs";
import { checkHealth } from "@/lib/health";
import { enqueueJob, stopBoss } from "@/lib/jobs/queue";
import { reembedProjectJob } from "@/lib/jobs/reembed-project";
import { createProject, createTrajectory } from "../../builders";
import { waitFor } from "../../support/wait-for";
import { startWorkerProcess, type WorkerProcess } from "../../support/worker-process";

let external: EmbeddedServer;
let worker: WorkerProcess;

beforeAll(async () => {
  external = await startEmbeddedServer({ dataDir: MEMORY_DATA_DIR });
  worker = startWorkerProcess({ DATABASE_URL: external.url });
  await worker.ready;
  // From here on this test file talks to the external server, like an app configured with DATABASE_URL.
  await disconnectDb();
  setDatabaseConnection({ url: external.url, mode: "external" });
}, 120_000);

afterAll(async () => {
  await worker?.kill("SIGTERM");
  await stopBoss({ graceful: false });
  await disconnectDb();
  await external?.stop();
});

describe("external database via DATABASE_URL", () => {
  it("is migrated by the worker at start-up and reported as external", async () => {
    expect(worker.output()).toContain("[worker] database external");
    const health = await checkHealth();
    expect(health).toMatchObject({ status: "ok", database: { mode: "external" }, queue: { ok: true } });
    expect(health.database.pgvector).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("runs jobs on it through the worker process", async () => {
    const project = await createProject();
    await createTrajectory(project.id, { taskDescription: "Cancel my gym membership" });
    const id = await enqueueJob(reembedProjectJob, { projectId: project.id });
    const job = await waitFor(async () => {
      const row = await getJobById({ id });
      return row?.status === "succeeded" ? row : null;
    }, { what: "job on the external database", timeoutMs: 60_000 });
    expect(job).toMatchObject({ done: 1, total: 1 });
    expect(await getDb().embedding.count({ where: { projectId: project.id } })).toBe(1);
  });
});

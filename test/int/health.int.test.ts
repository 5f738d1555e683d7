// /api/health's logic: ok with mode and pgvector version, and a reason when the database is down.
import { describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { setDatabaseConnection } from "@/lib/db/connection";
import { checkHealth } from "@/lib/health";
import { stopBoss } from "@/lib/jobs/queue";

describe("checkHealth", () => {
  it("reports the database mode, the pgvector version and the queue", async () => {
    const report = await checkHealth();
    expect(report.status).toBe("ok");
    expect(report.database.mode).toBe("embedded");
    expect(report.database.pgvector).toMatch(/^\d+\.\d+\.\d+$/);
    expect(report.queue).toEqual({ ok: true });
    expect(report.reason).toBeUndefined();
  });

  it("reports an error with a reason when the database cannot be reached", async () => {
    await stopBoss({ graceful: false });
    await disconnectDb();
    // A port nothing listens on.
    setDatabaseConnection({ url: "postgresql://postgres:postgres@127.0.0.1:1/postgres", mode: "external" });
    const report = await checkHealth();
    expect(report.status).toBe("error");
    expect(report.reason).toMatch(/^database: /);
    expect(report.database).toMatchObject({ mode: "external", pgvector: null });
    expect(report.queue.ok).toBe(false);
    await disconnectDb();
  });
});

// The embedded database keeps data across restarts in its folder, advertises itself to other
// processes, and refuses to be opened twice (PGlite data dirs are single-process).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { findAdvertisedServer, startEmbeddedServer } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "debrief-embedded-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded database", () => {
  it("keeps data across a restart and advertises its URL while running", async () => {
    const first = await startEmbeddedServer({ dataDir });
    expect(findAdvertisedServer(dataDir)).toBe(first.url);
    await expect(startEmbeddedServer({ dataDir })).rejects.toThrow(/in use by process/);
    await migrate({ connectionString: first.url });
    await query(first.url, `INSERT INTO "AppSetting" (key, value, "updatedAt") VALUES ($1, $2, now())`, ["restart-test", JSON.stringify({ kept: true })]);
    await first.stop();
    expect(findAdvertisedServer(dataDir)).toBeNull();

    const second = await startEmbeddedServer({ dataDir });
    try {
      expect(await migrate({ connectionString: second.url })).toEqual([]);
      const rows = await query<{ value: unknown }>(second.url, `SELECT value FROM "AppSetting" WHERE key = $1`, ["restart-test"]);
      expect(rows[0]?.value).toEqual({ kept: true });
    } finally {
      await second.stop();
    }
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    fs.writeFileSync(path.join(dataDir, "embedded.lock"), "999999");
    const server = await startEmbeddedServer({ dataDir });
    await server.stop();
  });
});

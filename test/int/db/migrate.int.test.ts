// The migrator on a fresh database: applies every migration once, records them the way
// Prisma Migrate does, creates pgvector and the HNSW index, and is a no-op the second time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { MEMORY_DATA_DIR, startEmbeddedServer, type EmbeddedServer } from "@/lib/db/embedded";
import { migrate, readMigrations } from "@/lib/db/migrate";

let server: EmbeddedServer;
let client: pg.Client;

beforeAll(async () => {
  server = await startEmbeddedServer({ dataDir: MEMORY_DATA_DIR });
  client = new pg.Client({ connectionString: server.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await server.stop();
});

describe("migrate", () => {
  it("applies all migrations on an empty database and records them like Prisma", async () => {
    const files = readMigrations();
    expect(files.length).toBeGreaterThanOrEqual(2);

    const applied = await migrate({ connectionString: server.url });
    expect(applied).toEqual(files.map((f) => f.name));

    const { rows } = await client.query(
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(files[i]!.checksum);
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("is a no-op when everything is applied", async () => {
    expect(await migrate({ connectionString: server.url })).toEqual([]);
  });

  it("installs pgvector and an HNSW cosine index for the local embedder", async () => {
    const ext = await client.query(`SELECT extversion FROM pg_extension WHERE extname = 'vector'`);
    expect(ext.rows[0]?.extversion).toMatch(/^\d+\.\d+/);
    const idx = await client.query(`SELECT indexdef FROM pg_indexes WHERE tablename = 'Embedding' AND indexdef ILIKE '%hnsw%'`);
    expect(idx.rows[0]?.indexdef).toMatch(/vector_cosine_ops/);
  });
});

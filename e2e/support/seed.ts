// Test data goes in through the database, not the UI: the launcher advertises the embedded
// server's URL in <data dir>/embedded.json, and seeds connect to it with plain `pg`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const DATA_DIR = path.join(fileURLToPath(new URL("../..", import.meta.url)), ".data", "e2e");

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { url } = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "embedded.json"), "utf8")) as { url: string };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Adds `count` trajectories with distinct task descriptions to the default project. */
export async function seedTrajectories({ count, label }: { count: number; label: string }): Promise<void> {
  await withClient(async (client) => {
    await client.query(
      `INSERT INTO "Project" (id, slug, name, "updatedAt") VALUES (gen_random_uuid(), 'default', 'Default project', now())
       ON CONFLICT (slug) DO NOTHING`,
    );
    await client.query(
      `INSERT INTO "Trajectory" (id, "projectId", "sourceFormat", "contentHash", "taskDescription", applications, "updatedAt")
       SELECT gen_random_uuid(), p.id, 'e2e', $1 || '-' || n, $1 || ': book a table for ' || n || ' people', '{}', now()
       FROM "Project" p, generate_series(1, $2::int) AS n WHERE p.slug = 'default'`,
      [label, count],
    );
  });
}

/** Archives the seeded trajectories so later specs start from a quiet project. */
export async function archiveTrajectories({ label }: { label: string }): Promise<void> {
  await withClient((client) =>
    client.query(`UPDATE "Trajectory" SET state = 'archived' WHERE "contentHash" LIKE $1 || '-%'`, [label]),
  );
}

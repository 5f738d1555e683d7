// Test data goes in through the database or the HTTP API, not the UI: the launcher advertises the
// embedded server's URL in <data dir>/embedded.json, and seeds connect to it with plain `pg`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
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

const SAMPLES_DIR = path.resolve(fileURLToPath(new URL("../..", import.meta.url)), process.env.DEBRIEF_SAMPLES_DIR ?? "../shared/samples");

/**
 * Imports one public sample file (path under the samples dir) into a project of its own through the
 * HTTP API, so a spec's tips and decisions stay out of the projects other specs count.
 */
export async function importSample(request: APIRequestContext, { project, sample }: { project: string; sample: string }): Promise<{ projectSlug: string; trajectoryId: string }> {
  const file = path.join(SAMPLES_DIR, sample);
  const response = await request.post(`/api/trajectories/import?project=${encodeURIComponent(project)}`, {
    multipart: { file: { name: path.basename(file), mimeType: "application/json", buffer: fs.readFileSync(file) } },
  });
  const body = (await response.json()) as { project: string; trajectories: { id: string }[] };
  if (response.status() !== 201 || body.trajectories.length !== 1) throw new Error(`Importing ${sample} failed: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return { projectSlug: body.project, trajectoryId: body.trajectories[0]!.id };
}

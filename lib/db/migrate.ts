// Applies prisma/migrations/*/migration.sql in name order through the normal `pg` connection,
// recording each in `_prisma_migrations` exactly as Prisma Migrate does, so `prisma migrate
// status/deploy` stay valid for users who have the schema engine (it cannot be downloaded here).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

// Prisma Migrate's own advisory lock id: migrators (ours or Prisma's) never run concurrently.
const PRISMA_ADVISORY_LOCK_ID = 72707369;

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export const DEFAULT_MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma", "migrations");

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(migrationsDir = DEFAULT_MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

/** Applies pending migrations; returns the names it applied. Fails loudly on a changed or failed one. */
export async function migrate({
  connectionString,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
}: {
  connectionString: string;
  migrationsDir?: string;
}): Promise<string[]> {
  const migrations = readMigrations(migrationsDir);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK_ID]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row]));
    const appliedNow: string[] = [];
    for (const migration of migrations) {
      const previous = applied.get(migration.name);
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum) {
          console.warn(`[migrate] ${migration.name} was edited after it was applied (checksum differs)`);
        }
        continue;
      }
      if (previous) {
        throw new Error(
          `Migration ${migration.name} failed earlier and was not rolled back; fix the database, then mark it rolled back.`,
        );
      }
      await applyMigration(client, migration);
      appliedNow.push(migration.name);
    }
    return appliedNow;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

async function applyMigration(client: pg.Client, migration: MigrationFile): Promise<void> {
  const id = crypto.randomUUID();
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
     VALUES ($1, $2, $3, now(), 0)`,
    [id, migration.checksum, migration.name],
  );
  try {
    await client.query("BEGIN");
    await client.query(migration.sql);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, String(error)]);
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
  await client.query(
    `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
    [id],
  );
}

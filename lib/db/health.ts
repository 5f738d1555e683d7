import { getDb } from "./client";

/** The installed pgvector version, or null when the extension is missing. */
export async function getPgvectorVersion(): Promise<string | null> {
  const rows = await getDb().$queryRaw<{ extversion: string }[]>`
    SELECT extversion FROM pg_extension WHERE extname = 'vector'`;
  return rows[0]?.extversion ?? null;
}

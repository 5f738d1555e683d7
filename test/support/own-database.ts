// A database of this test file's own (embedded, in memory): for files that change instance-wide
// state (Settings) or run worker processes that must not take other files' jobs.
import { disconnectDb } from "../../lib/db/client";
import { setDatabaseConnection } from "../../lib/db/connection";
import { MEMORY_DATA_DIR, startEmbeddedServer } from "../../lib/db/embedded";
import { migrate } from "../../lib/db/migrate";

export interface OwnDatabase {
  /** For worker processes: `DEBRIEF_EMBEDDED_DATABASE_URL`. */
  url: string;
  stop(): Promise<void>;
}

/** Starts and migrates the database and points this process's `getDb()` at it. */
export async function startOwnDatabase(): Promise<OwnDatabase> {
  const server = await startEmbeddedServer({ dataDir: MEMORY_DATA_DIR });
  await migrate({ connectionString: server.url });
  await disconnectDb();
  setDatabaseConnection({ url: server.url, mode: "embedded" });
  return {
    url: server.url,
    stop: async () => {
      await disconnectDb();
      await server.stop();
    },
  };
}

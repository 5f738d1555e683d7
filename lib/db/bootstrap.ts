// Start-up for processes that own their database setup (launcher, worker, CLI, tests):
// pick or start the database, apply migrations, and make it this process's connection.
import { env } from "../env";
import { resolveDatabaseConnection, setDatabaseConnection, type DatabaseConnection } from "./connection";
import { findAdvertisedServer, isReachable, startEmbeddedServer, type EmbeddedServer } from "./embedded";
import { migrate } from "./migrate";

export interface BootstrappedDatabase extends DatabaseConnection {
  /** Present when this process started the embedded server and must stop it on exit. */
  embedded?: EmbeddedServer;
  appliedMigrations: string[];
}

export async function bootstrapDatabase({
  dataDir = env.DEBRIEF_DATA_DIR,
  runMigrations = true,
}: { dataDir?: string; runMigrations?: boolean } = {}): Promise<BootstrappedDatabase> {
  let connection: DatabaseConnection | null = null;
  let embedded: EmbeddedServer | undefined;
  if (env.DATABASE_URL || env.DEBRIEF_EMBEDDED_DATABASE_URL) {
    connection = resolveDatabaseConnection();
  } else {
    const advertised = findAdvertisedServer(dataDir);
    if (advertised && (await isReachable(advertised))) {
      connection = { url: advertised, mode: "embedded" };
    } else {
      embedded = await startEmbeddedServer({ dataDir });
      connection = { url: embedded.url, mode: "embedded" };
    }
  }
  setDatabaseConnection(connection);
  const appliedMigrations = runMigrations ? await migrate({ connectionString: connection.url }) : [];
  return { ...connection, embedded, appliedMigrations };
}

// Which Postgres this process talks to. One code path: an external server given by
// DATABASE_URL, or the embedded PGlite socket server (ours or another process's).
import { env } from "../env";
import { AppError } from "../errors";
import { findAdvertisedServer } from "./embedded";

export type DatabaseMode = "embedded" | "external";

export interface DatabaseConnection {
  url: string;
  mode: DatabaseMode;
}

let current: DatabaseConnection | null = null;

/** Called by a process that started (or chose) the database itself, before any query. */
export function setDatabaseConnection(connection: DatabaseConnection): void {
  current = connection;
}

export function resolveDatabaseConnection(): DatabaseConnection {
  if (current) return current;
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, mode: "external" };
  if (env.DEBRIEF_EMBEDDED_DATABASE_URL) return { url: env.DEBRIEF_EMBEDDED_DATABASE_URL, mode: "embedded" };
  const advertised = findAdvertisedServer(env.DEBRIEF_DATA_DIR);
  if (advertised) return { url: advertised, mode: "embedded" };
  throw new AppError("DATABASE_UNAVAILABLE", {
    userMessage:
      "No database: DATABASE_URL is not set and the embedded database is not running. " +
      "Start Debrief with `npm run dev` (or `npm start`), which starts the embedded database.",
  });
}

// Integration tests run against the embedded PGlite server on memory:// (fresh per run), or
// against DATABASE_URL when set — which must be a local database whose name ends in _test.
import type { TestProject } from "vitest/node";
import { MEMORY_DATA_DIR, startEmbeddedServer, type EmbeddedServer } from "../../lib/db/embedded";
import { migrate } from "../../lib/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

let server: EmbeddedServer | undefined;

export default async function setup(project: TestProject) {
  // Test setup reads the raw environment: lib/env is not loaded in the global-setup process.
  const external = process.env.DATABASE_URL;
  let url: string;
  if (external) {
    assertLocalTestDatabase(external);
    url = external;
  } else {
    server = await startEmbeddedServer({ dataDir: MEMORY_DATA_DIR });
    url = server.url;
  }
  await migrate({ connectionString: url });
  project.provide("databaseUrl", url);
  return async () => {
    await server?.stop();
  };
}

function assertLocalTestDatabase(url: string): void {
  const { hostname, pathname } = new URL(url);
  const isLocal = ["localhost", "127.0.0.1", "::1"].includes(hostname);
  if (!isLocal || !pathname.endsWith("_test")) {
    throw new Error(`Refusing to run integration tests against ${hostname}${pathname}: use a local *_test database.`);
  }
}

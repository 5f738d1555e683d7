import { afterAll, inject } from "vitest";
import { setDatabaseConnection } from "../../lib/db/connection";
import { disconnectDb } from "../../lib/db/client";

setDatabaseConnection({ url: inject("databaseUrl"), mode: "embedded" });

afterAll(async () => {
  await disconnectDb();
});

// `npm run db:migrate`: apply pending migrations to DATABASE_URL (or the embedded database).
import { bootstrapDatabase } from "../lib/db/bootstrap";

const database = await bootstrapDatabase();
console.log(
  database.appliedMigrations.length
    ? `Applied ${database.appliedMigrations.join(", ")} (${database.mode} database)`
    : `Database is up to date (${database.mode})`,
);
await database.embedded?.stop();

// `npm run worker`: job workers alone, for scale-out on other machines against the same
// Postgres (DATABASE_URL). Without DATABASE_URL it joins (or starts) the embedded database.
import { bootstrapDatabase } from "../lib/db/bootstrap";
import { disconnectDb } from "../lib/db/client";
import { startDefaultWorker } from "../lib/jobs/default-worker";
import { env } from "../lib/env";

const database = await bootstrapDatabase();
console.log(`[worker] database ${database.mode}; ${env.WORKER_CONCURRENCY} job(s) at a time per job type`);
const worker = await startDefaultWorker();
console.log("[worker] ready");

let isStopping = false;
async function shutdown(signal: string) {
  if (isStopping) return;
  isStopping = true;
  console.log(`[worker] ${signal}: finishing running jobs…`);
  await worker.stop({ graceful: true });
  await disconnectDb();
  await database.embedded?.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

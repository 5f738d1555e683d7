// `npm run dev` / `npm start`: one process tree for a single machine. It owns the embedded
// database (or connects to DATABASE_URL), applies migrations, runs a job worker, and serves
// Next.js (dev server or the production build) as a child process.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { bootstrapDatabase } from "../lib/db/bootstrap";
import { disconnectDb } from "../lib/db/client";
import { MEMORY_DATA_DIR } from "../lib/db/embedded";
import { seedDemoProjectOnce } from "../lib/demo/seed-demo-project";
import { analyzeVectorTables } from "../lib/db/vectors";
import { startDefaultWorker } from "../lib/jobs/default-worker";
import { env } from "../lib/env";

const mode = process.argv[2] === "start" ? "start" : "dev";
const distDir = ".next";

if (mode === "start" && !fs.existsSync(path.join(distDir, "BUILD_ID"))) {
  console.error("[debrief] No production build found. Run `npm run build` first, then `npm start`.");
  process.exit(1);
}

const database = await bootstrapDatabase();
const applied = database.appliedMigrations.length;
console.log(
  `[debrief] database: ${database.mode}${database.mode === "embedded" ? ` (${describeDataDir(env.DEBRIEF_DATA_DIR)})` : ""}` +
    `${applied ? `, applied ${applied} migration(s)` : ""}`,
);
const demo = await seedDemoProjectOnce();
if (demo) {
  console.log(`[debrief] created the demo project: ${demo.imported} trajectories imported, ${demo.failed.length} file(s) failed`);
  for (const failure of demo.failed) console.log(`[debrief]   ${failure.file}: ${failure.error}`);
}
// The embedded server runs no autovacuum: fresh planner statistics keep vector searches on the
// HNSW index after the data grew since the last start (cheap; a real PostgreSQL does it itself).
if (database.mode === "embedded") await analyzeVectorTables().catch((error: unknown) => console.warn("[debrief] ANALYZE failed", error));
const worker = await startDefaultWorker();

function describeDataDir(dataDir: string): string {
  return dataDir === MEMORY_DATA_DIR ? "in memory, discarded on exit" : path.resolve(dataDir);
}

const next: ChildProcess = spawn(
  process.execPath,
  [path.join("node_modules", "next", "dist", "bin", "next"), mode, "-p", String(env.PORT), "-H", "0.0.0.0"],
  {
    stdio: "inherit",
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      // The app connects to the server this process runs instead of starting its own.
      ...(database.mode === "embedded" && { DEBRIEF_EMBEDDED_DATABASE_URL: database.url }),
    },
  },
);
console.log(`[debrief] serving on http://localhost:${env.PORT} (worker running alongside)`);

let isStopping = false;
async function shutdown(code: number) {
  if (isStopping) return;
  isStopping = true;
  await stopChild(next);
  await worker.stop({ graceful: true }).catch((error) => console.error("[debrief] worker stop failed", error));
  await disconnectDb();
  await database.embedded?.stop();
  process.exit(code);
}
next.on("exit", (code) => void shutdown(code ?? 0));

/** Waits for Next to exit (it holds database connections) before the database goes away. */
function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => (child.kill("SIGKILL"), resolve()), timeoutMs);
    child.once("exit", () => (clearTimeout(timer), resolve()));
    child.kill("SIGTERM");
  });
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

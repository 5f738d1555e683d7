// The embedded database: PGlite (with pgvector) behind a local Postgres socket server,
// so the app, workers, CLI and tests all use the same `pg` code path as production.
// PGlite's data directory may be opened by ONE process only: the process that starts the
// server owns it and advertises its URL in <dataDir>/embedded.json; others connect to it.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { serializeProtocolSequences } from "./pglite-protocol-queue";

export const MEMORY_DATA_DIR = "memory://";

export interface EmbeddedServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

interface Advertisement {
  url: string;
  pid: number;
  startedAt: string;
}

const ADVERTISEMENT_FILE = "embedded.json";
const LOCK_FILE = "embedded.lock";
// Each app process holds a pool plus pg-boss's pool; leave room for several processes.
const MAX_CONNECTIONS = 100;

export function embeddedUrl(hostPort: string): string {
  return `postgresql://postgres:postgres@${hostPort}/postgres?sslmode=disable`;
}

/** Starts PGlite + socket server. `dataDir` is a folder (persistent) or `memory://`. */
export async function startEmbeddedServer({ dataDir }: { dataDir: string }): Promise<EmbeddedServer> {
  const isMemory = dataDir === MEMORY_DATA_DIR;
  const pgliteDir = isMemory ? MEMORY_DATA_DIR : path.resolve(dataDir, "pglite");
  if (!isMemory) fs.mkdirSync(pgliteDir, { recursive: true });
  const release = isMemory ? () => {} : acquireLock(dataDir);
  try {
    const db = await PGlite.create(pgliteDir, { extensions: { vector } });
    const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: MAX_CONNECTIONS });
    serializeProtocolSequences((server as unknown as { queryQueue: unknown }).queryQueue);
    await server.start();
    const url = embeddedUrl(server.getServerConn());
    if (!isMemory) writeAdvertisement(dataDir, { url, pid: process.pid, startedAt: new Date().toISOString() });
    let stopped = false;
    return {
      url,
      dataDir,
      async stop() {
        if (stopped) return;
        stopped = true;
        await server.stop();
        await db.close();
        if (!isMemory) fs.rmSync(path.join(dataDir, ADVERTISEMENT_FILE), { force: true });
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The URL of an embedded server another live process advertises for this data dir, if any. */
export function findAdvertisedServer(dataDir: string): string | null {
  if (dataDir === MEMORY_DATA_DIR) return null;
  try {
    const ad = JSON.parse(fs.readFileSync(path.join(dataDir, ADVERTISEMENT_FILE), "utf8")) as Advertisement;
    return isProcessAlive(ad.pid) ? ad.url : null;
  } catch {
    return null;
  }
}

/** True when something accepts TCP connections at the URL's host and port. */
export function isReachable(url: string, timeoutMs = 1500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

function writeAdvertisement(dataDir: string, ad: Advertisement): void {
  const file = path.join(dataDir, ADVERTISEMENT_FILE);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(ad, null, 2));
  fs.renameSync(`${file}.tmp`, file);
}

/** An exclusive lock file with our pid; a lock left by a dead process is taken over. */
function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8"));
      if (isProcessAlive(owner)) {
        throw new Error(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${owner}. ` +
            "Connect to it instead, or stop that process.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${path.resolve(dataDir)}.`);
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

// GET /api/health's logic: is the database reachable with pgvector, and is the queue up?
import { resolveDatabaseConnection, type DatabaseMode } from "./db/connection";
import { getPgvectorVersion } from "./db/health";
import { toUserMessage } from "./errors";
import { getBoss } from "./jobs/queue";

export interface HealthReport {
  status: "ok" | "error";
  reason?: string;
  database: { mode: DatabaseMode | null; pgvector: string | null; error?: string };
  queue: { ok: boolean; error?: string };
}

const CHECK_TIMEOUT_MS = 5000;

export async function checkHealth(): Promise<HealthReport> {
  const database = await checkDatabase();
  const queue = !database.error ? await checkQueue() : { ok: false, error: "database unavailable" };
  const reasons = [
    database.error && `database: ${database.error}`,
    queue.error && `queue: ${queue.error}`,
  ].filter(Boolean);
  return {
    status: reasons.length === 0 ? "ok" : "error",
    ...(reasons.length > 0 && { reason: reasons.join("; ") }),
    database,
    queue,
  };
}

async function checkDatabase(): Promise<HealthReport["database"]> {
  let mode: DatabaseMode | null = null;
  try {
    mode = resolveDatabaseConnection().mode;
    const pgvector = await withTimeout(getPgvectorVersion(), "database query");
    if (!pgvector) return { mode, pgvector, error: "the pgvector extension is not installed" };
    return { mode, pgvector };
  } catch (error) {
    return { mode, pgvector: null, error: describe(error) };
  }
}

async function checkQueue(): Promise<HealthReport["queue"]> {
  try {
    const boss = await withTimeout(getBoss(), "queue start");
    await withTimeout(boss.getQueues(), "queue query");
    return { ok: true };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}

function describe(error: unknown): string {
  const message = toUserMessage(error);
  return message.startsWith("Something went wrong") ? (error as Error).message : message;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

// pg-boss on the same Postgres as everything else: one instance per process, created lazily.
import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import { resolveDatabaseConnection } from "../db/connection";
import { createJobRecord, finishJob, getJobById, markJobCanceled } from "../db/jobs";
import { AppError } from "../errors";
import { DEFAULT_JOB_OPTIONS, type JobDefinition } from "./types";

const globalForBoss = globalThis as unknown as { __debriefBoss?: { url: string; boss: Promise<PgBoss> } };
const createdQueues = new Set<string>();
let isSupervisor = false;

/** Worker processes supervise the queue (expiry, archiving); app processes only send. */
export function setQueueSupervisor(value: boolean): void {
  isSupervisor = value;
}

export function getBoss(): Promise<PgBoss> {
  const { url } = resolveDatabaseConnection();
  const cached = globalForBoss.__debriefBoss;
  if (cached && cached.url === url) return cached.boss;
  const boss = (async () => {
    const instance = new PgBoss({
      connectionString: url,
      max: 4,
      schema: "pgboss",
      supervise: isSupervisor,
      schedule: isSupervisor,
    });
    instance.on("error", (error) => console.error(`[queue] ${error.message}`));
    await instance.start();
    return instance;
  })();
  // A failed start must not poison the cache: the next call tries again.
  boss.catch(() => {
    if (globalForBoss.__debriefBoss?.boss === boss) globalForBoss.__debriefBoss = undefined;
  });
  globalForBoss.__debriefBoss = { url, boss };
  return boss;
}

export async function stopBoss({ graceful = true }: { graceful?: boolean } = {}): Promise<void> {
  const cached = globalForBoss.__debriefBoss;
  globalForBoss.__debriefBoss = undefined;
  if (!cached) return;
  const boss = await cached.boss.catch(() => null);
  await boss?.stop({ graceful, wait: true, timeout: graceful ? 30_000 : 1000 });
}

export async function ensureQueue(definition: JobDefinition): Promise<void> {
  if (createdQueues.has(definition.name)) return;
  const boss = await getBoss();
  const options = { ...DEFAULT_JOB_OPTIONS, ...definition.options };
  const queue = {
    name: definition.name,
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds,
  };
  if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, queue);
  else await boss.createQueue(definition.name, queue);
  createdQueues.add(definition.name);
}

/** Validates the payload, records a progress row and enqueues; returns the job id. */
export async function enqueueJob<Def extends JobDefinition>(
  definition: Def,
  payload: unknown,
  { retryOfId }: { retryOfId?: string } = {},
): Promise<string> {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) {
    throw new AppError("INVALID_INPUT", {
      userMessage: `Invalid payload for ${definition.title}: ${parsed.error.issues.map((i) => i.message).join("; ")}`,
    });
  }
  await ensureQueue(definition);
  const id = randomUUID();
  await createJobRecord({
    id,
    name: definition.name,
    projectId: definition.projectIdOf?.(parsed.data) ?? null,
    payload: parsed.data as object,
    retryOfId,
  });
  try {
    const boss = await getBoss();
    await boss.send(definition.name, parsed.data as object, { id });
  } catch (error) {
    await finishJob({ id, status: "failed", error: `Could not enqueue: ${(error as Error).message}` });
    throw new AppError("QUEUE_UNAVAILABLE", { userMessage: "The job queue is unavailable; try again.", cause: error });
  }
  return id;
}

export async function cancelJob({ id }: { id: string }): Promise<void> {
  const job = await getJobById({ id });
  if (!job) throw new AppError("JOB_NOT_FOUND", { userMessage: "That job does not exist." });
  if (!(await markJobCanceled({ id }))) {
    throw new AppError("JOB_NOT_CANCELABLE", { userMessage: `The job is already ${job.status}.` });
  }
  const boss = await getBoss();
  await boss.cancel(job.name, id);
}

/** Runs a finished, failed or canceled job again with the same payload; items already done are skipped. */
export async function retryJob({ id }: { id: string }, definitions: readonly JobDefinition[]): Promise<string> {
  const job = await getJobById({ id });
  if (!job) throw new AppError("JOB_NOT_FOUND", { userMessage: "That job does not exist." });
  const hasItemErrors = Array.isArray(job.itemErrors) && job.itemErrors.length > 0;
  const isRetryable = job.status === "failed" || job.status === "canceled" || (job.status === "succeeded" && hasItemErrors);
  if (!isRetryable) {
    throw new AppError("JOB_NOT_RETRYABLE", { userMessage: `A ${job.status} job without errors cannot be retried.` });
  }
  const definition = definitions.find((d) => d.name === job.name);
  if (!definition) throw new AppError("JOB_NOT_RETRYABLE", { userMessage: `Unknown job type ${job.name}.` });
  return enqueueJob(definition, job.payload, { retryOfId: id });
}

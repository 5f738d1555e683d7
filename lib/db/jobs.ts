// Job progress rows (the queue itself is pg-boss; these rows are what people see and poll).
import type { Prisma } from "./generated/client";
import type { JobStatus } from "./generated/enums";
import type { JobItemError } from "../jobs/types";
import { getDb } from "./client";

export type JobRecord = Awaited<ReturnType<typeof getJobById>>;

export async function createJobRecord(input: {
  id: string;
  name: string;
  projectId: string | null;
  payload: Prisma.InputJsonValue;
  retryOfId?: string | null;
}) {
  return getDb().job.create({ data: { ...input, retryOfId: input.retryOfId ?? null } });
}

export async function getJobById({ id }: { id: string }) {
  return getDb().job.findUnique({ where: { id } });
}

export async function listJobs({
  status,
  projectId,
  limit = 50,
}: {
  status?: JobStatus;
  projectId?: string;
  limit?: number;
}) {
  return getDb().job.findMany({
    where: { status, projectId },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
}

/**
 * Moves a queued (or resumed) job to running and counts the attempt; returns null when it
 * was canceled meanwhile.
 */
export async function markJobRunning({ id }: { id: string }) {
  const { count } = await getDb().job.updateMany({
    where: { id, status: { in: ["queued", "running"] } },
    data: { status: "running", attempts: { increment: 1 }, startedAt: new Date(), heartbeatAt: new Date(), error: null },
  });
  return count === 0 ? null : getJobById({ id });
}

export async function updateJobProgress({
  id,
  done,
  total,
  currentItem,
  itemErrors,
}: {
  id: string;
  done?: number;
  total?: number;
  currentItem?: string | null;
  itemErrors?: JobItemError[];
}): Promise<JobStatus> {
  const job = await getDb().job.update({
    where: { id },
    data: {
      done,
      total,
      currentItem,
      itemErrors: itemErrors as unknown as Prisma.InputJsonValue | undefined,
      heartbeatAt: new Date(),
    },
    select: { status: true },
  });
  // Returned so a runner notices a cancel at its next progress write.
  return job.status;
}

/** Records liveness; returns the current status so a runner notices a cancel. */
export async function heartbeatJob({ id }: { id: string }): Promise<JobStatus | null> {
  const job = await getDb().job.update({
    where: { id },
    data: { heartbeatAt: new Date() },
    select: { status: true },
  });
  return job.status;
}

export async function finishJob({
  id,
  status,
  error,
}: {
  id: string;
  status: Extract<JobStatus, "succeeded" | "failed" | "queued" | "canceled">;
  error?: string | null;
}) {
  // A canceled job stays canceled even if its handler finishes afterwards.
  await getDb().job.updateMany({
    where: { id, status: { not: "canceled" } },
    data: {
      status,
      error: error ?? null,
      currentItem: null,
      finishedAt: status === "queued" ? null : new Date(),
    },
  });
}

export async function markJobCanceled({ id }: { id: string }): Promise<boolean> {
  const { count } = await getDb().job.updateMany({
    where: { id, status: { in: ["queued", "running"] } },
    data: { status: "canceled", finishedAt: new Date(), currentItem: null },
  });
  return count > 0;
}

/** Running jobs whose worker stopped proving it is alive (crashed or killed). */
export async function listStaleRunningJobs({ staleBefore }: { staleBefore: Date }) {
  return getDb().job.findMany({
    where: { status: "running", heartbeatAt: { lt: staleBefore } },
    select: { id: true, name: true },
  });
}

// The JSON shape of a job for the API and the Jobs page (client-safe: no Prisma types leak).
import type { Job } from "../db/generated/client";
import { describeJobPayload, JOB_TITLES } from "./titles";
import type { JobItemError } from "./types";

export interface JobView {
  id: string;
  name: string;
  title: string;
  /** What this run does, from its payload (e.g. "LLM · task · extraction gpt-4.1-mini · …"). */
  summary: string | null;
  projectId: string | null;
  status: Job["status"];
  done: number;
  total: number | null;
  /** 0–100, null until the total is known. */
  percent: number | null;
  currentItem: string | null;
  itemErrors: JobItemError[];
  error: string | null;
  attempts: number;
  retryOfId: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export function jobToView(job: Job): JobView {
  const total = job.total;
  return {
    id: job.id,
    name: job.name,
    title: JOB_TITLES[job.name] ?? job.name,
    summary: describeJobPayload(job.name, job.payload),
    projectId: job.projectId,
    status: job.status,
    done: job.done,
    total,
    percent: total ? Math.min(100, Math.round((job.done / total) * 100)) : total === 0 ? 100 : null,
    currentItem: job.currentItem,
    itemErrors: (job.itemErrors as unknown as JobItemError[]) ?? [],
    error: job.error,
    attempts: job.attempts,
    retryOfId: job.retryOfId,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

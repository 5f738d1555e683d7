import type { z } from "zod";

/** One failed item of a job, kept so nothing is silently lost. */
export interface JobItemError {
  item: string;
  message: string;
  attempts: number;
  at: string;
}

/** What a job handler gets besides its payload: progress, per-item retries, cancellation. */
export interface JobContext {
  jobId: string;
  /** 1 on the first run; higher after a retry or a crashed worker's job was resumed. */
  attempt: number;
  /** Aborted when a user cancels the job; check between items. */
  signal: AbortSignal;
  setTotal(total: number): Promise<void>;
  /** Marks `count` items done (also for items skipped because they were already done). */
  advance(count?: number, currentItem?: string): Promise<void>;
  /**
   * Runs one item with retries and backoff; if it still fails, records the error
   * against the job and returns undefined instead of throwing, so the batch goes on.
   */
  runItem<T>(item: string, work: () => Promise<T>): Promise<T | undefined>;
}

export interface JobOptions {
  /** Whole-job retries by the queue after a thrown error or a crashed worker. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Upper bound on one run; the queue fails (then retries) a job active for longer. */
  expireInSeconds: number;
}

/** A job type: `{ name, payload: zod, handler }` (documenso shape). */
export interface JobDefinition<Payload extends z.ZodType = z.ZodType> {
  name: string;
  /** Human title for the Jobs page. */
  title: string;
  payload: Payload;
  /** Project the job belongs to, for filtering; null for instance-wide jobs. */
  projectIdOf?: (payload: z.infer<Payload>) => string | null;
  /** One line for the Jobs page saying what this run does (e.g. which models an extraction uses). */
  describe?: (payload: z.infer<Payload>) => string | null;
  handler: (payload: z.infer<Payload>, context: JobContext) => Promise<void>;
  options?: Partial<JobOptions>;
}

export function defineJob<Payload extends z.ZodType>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

export const DEFAULT_JOB_OPTIONS: JobOptions = {
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 4 * 60 * 60,
};

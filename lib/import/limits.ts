import { env } from "../env";
import { formatBytes } from "../trajectory/normalize/content";

/** Explicit size limits; every refusal names the limit and the setting that changes it. */
export interface ImportLimits {
  maxFileBytes: number;
  maxBatchBytes: number;
  maxFiles: number;
}

const MB = 1024 * 1024;

export function importLimitsFromEnv(): ImportLimits {
  return {
    maxFileBytes: env.IMPORT_MAX_FILE_MB * MB,
    maxBatchBytes: env.IMPORT_MAX_BATCH_MB * MB,
    maxFiles: env.IMPORT_MAX_FILES,
  };
}

export function fileTooLargeMessage(size: number, limits: ImportLimits): string {
  return `The file is ${formatBytes(size)}, over the ${formatBytes(limits.maxFileBytes)} limit per file (IMPORT_MAX_FILE_MB).`;
}

export function batchTooLargeMessage(size: number, limits: ImportLimits): string {
  return `This batch is ${formatBytes(size)}, over the ${formatBytes(limits.maxBatchBytes)} limit per batch (IMPORT_MAX_BATCH_MB); the rest of the batch was not imported.`;
}

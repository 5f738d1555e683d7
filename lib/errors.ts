// One error type with a closed set of codes: domain code throws AppError, adapters
// (actions, route handlers, jobs) translate it to a status and a message a user can act on.

export const APP_ERROR_CODES = {
  INVALID_INPUT: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  DATABASE_UNAVAILABLE: 503,
  QUEUE_UNAVAILABLE: 503,
  LLM_NOT_CONFIGURED: 412,
  LLM_ERROR: 502,
  EMBEDDING_ERROR: 502,
  JOB_NOT_FOUND: 404,
  JOB_NOT_CANCELABLE: 409,
  JOB_NOT_RETRYABLE: 409,
  INTERNAL: 500,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Safe to show to the user; `message` may carry internals for logs. */
  readonly userMessage: string;

  constructor(code: AppErrorCode, options: { message?: string; userMessage?: string; cause?: unknown } = {}) {
    super(options.message ?? options.userMessage ?? code, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.userMessage = options.userMessage ?? options.message ?? "Something went wrong.";
  }

  get httpStatus(): number {
    return APP_ERROR_CODES[this.code];
  }
}

/** A job error that must not be retried (bad payload, missing record): fail the job at once. */
export class UnrecoverableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UnrecoverableError";
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Text for a user: AppError's userMessage, otherwise a generic line (internals are logged, not shown). */
export function toUserMessage(error: unknown): string {
  if (isAppError(error)) return error.userMessage;
  return "Something went wrong on the server. Check the server log for details.";
}

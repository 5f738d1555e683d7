import type { AppErrorCode } from "./errors";

/** What every server action returns: data, or an error the UI can show next to the fields. */
export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: { code: AppErrorCode; message: string; fieldErrors?: Record<string, string[]> } };

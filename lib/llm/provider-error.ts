// Provider failures turned into one line a user can act on (status + the provider's message).
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { InvalidModelOutputError } from "./structured-call";

export function describeProviderError(error: unknown, timeoutMs: number): string {
  if (error instanceof APIConnectionTimeoutError) return `request timed out after ${timeoutMs} ms`;
  if (error instanceof APIConnectionError) {
    const cause = innermostCause(error);
    return `could not connect to the LLM server${cause ? ` (${cause})` : ""}`;
  }
  // The SDK formats APIError messages as "<status> <provider message>".
  if (error instanceof APIError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

// fetch wraps the useful part ("connect ECONNREFUSED 127.0.0.1:11434") two causes deep.
function innermostCause(error: Error): string | null {
  let current: unknown = error.cause;
  let message: string | null = null;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    message = current.message;
    current = current.cause;
  }
  return message;
}

/** The user-facing text of a failed generateObject call (also stored on its error row). */
export function describeLlmFailure(
  error: unknown,
  call: { promptId: string; promptVersion: string; model: string; attempts: number; timeoutMs: number },
): string {
  const what = `${call.promptId}@${call.promptVersion} (model ${call.model})`;
  if (error instanceof InvalidModelOutputError) {
    return `The model returned output for ${what} that is not valid JSON for the expected schema, even after one repair attempt. ${error.problem}`;
  }
  const attempts = `${call.attempts} attempt${call.attempts === 1 ? "" : "s"}`;
  return `The LLM request for ${what} failed after ${attempts}: ${describeProviderError(error, call.timeoutMs)}`;
}

// JSON error responses for route handlers: the same AppError → status mapping everywhere.
import { ZodError } from "zod";
import { AppError, isAppError, toUserMessage } from "./errors";

export function errorResponse(error: unknown): Response {
  if (error instanceof ZodError) {
    const { formErrors, fieldErrors } = issuesByField(error);
    // Form-level errors (e.g. an unrecognized key in a strict body) become the message.
    return Response.json(
      { error: { code: "INVALID_INPUT", message: formErrors[0] ?? "Invalid request.", fieldErrors } },
      { status: 400 },
    );
  }
  if (isAppError(error)) {
    const headers: HeadersInit = error.code === "UNAUTHORIZED" ? { "www-authenticate": 'Bearer realm="debrief"' } : {};
    return Response.json({ error: { code: error.code, message: error.userMessage } }, { status: error.httpStatus, headers });
  }
  console.error("[api] unexpected error", error);
  return Response.json({ error: { code: "INTERNAL", message: toUserMessage(error) } }, { status: 500 });
}

/** The request body as JSON; an empty or malformed body is a 400 that says so. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) throw new AppError("INVALID_INPUT", { userMessage: "The request has no body: send a JSON object." });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("INVALID_INPUT", { userMessage: "The request body is not valid JSON." });
  }
}

/**
 * Field errors keyed by the full dotted path ("tips.3.content"), so a nested mistake in a large
 * body can be found; unknown fields of a strict object are listed under their own names.
 */
function issuesByField(error: ZodError): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (fieldErrors[path] ??= []).push(message);
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, "Unknown field.");
      if (!path) formErrors.push(issue.message);
    } else if (path) add(path, issue.message);
    else formErrors.push(issue.message);
  }
  return { formErrors, fieldErrors };
}

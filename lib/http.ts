// JSON error responses for route handlers: the same AppError → status mapping everywhere.
import { ZodError, z } from "zod";
import { isAppError, toUserMessage } from "./errors";

export function errorResponse(error: unknown): Response {
  if (error instanceof ZodError) {
    return Response.json(
      { error: { code: "INVALID_INPUT", message: "Invalid request.", fieldErrors: z.flattenError(error).fieldErrors } },
      { status: 400 },
    );
  }
  if (isAppError(error)) {
    return Response.json({ error: { code: error.code, message: error.userMessage } }, { status: error.httpStatus });
  }
  console.error("[api] unexpected error", error);
  return Response.json({ error: { code: "INTERNAL", message: toUserMessage(error) } }, { status: 500 });
}

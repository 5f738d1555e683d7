// Framework-free wrapper for every server action: parse input with zod, call the use-case,
// return ActionResult. Unknown errors are logged and replaced by a generic message.
import { z } from "zod";
import { isAppError, toUserMessage } from "../errors";
import type { ActionResult } from "../result";

export function defineAction<Schema extends z.ZodType, Output>(
  schema: Schema,
  handler: (input: z.infer<Schema>) => Promise<Output>,
): (input: z.input<Schema>) => Promise<ActionResult<Output>> {
  return async (input) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const flat = z.flattenError(parsed.error);
      return {
        ok: false,
        error: {
          code: "INVALID_INPUT",
          message: flat.formErrors[0] ?? "Some fields are invalid.",
          fieldErrors: flat.fieldErrors as Record<string, string[]>,
        },
      };
    }
    try {
      return { ok: true, data: await handler(parsed.data) };
    } catch (error) {
      if (isAppError(error)) return { ok: false, error: { code: error.code, message: error.userMessage } };
      console.error("[action] unexpected error", error);
      return { ok: false, error: { code: "INTERNAL", message: toUserMessage(error) } };
    }
  };
}

// How a zod schema becomes a provider request: strict json_schema when the schema allows it,
// and the JSON-mode fallback (schema in the system prompt) for servers without json_schema.
import { APIError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { z } from "zod";

/** The JSON schema sent to the provider; also part of the cache key. */
export interface JsonSchemaFormat {
  name: string;
  /** false when the schema uses features strict mode forbids (e.g. `.optional()` without `.nullable()`). */
  strict: boolean;
  schema: Record<string, unknown>;
}

export type OutputMode = "json_schema" | "json_object";

export function toJsonSchemaFormat(schema: z.ZodType, name: string): JsonSchemaFormat {
  try {
    return { name, strict: true, schema: zodResponseFormat(schema, name).json_schema.schema ?? {} };
  } catch {
    // Not strict-compatible: send a plain JSON schema; zod validation still enforces it.
    const plain = z.toJSONSchema(schema, { target: "draft-7", io: "input", unrepresentable: "any" });
    return { name, strict: false, schema: plain as Record<string, unknown> };
  }
}

/** JSON mode cannot carry a schema, so the system prompt does. */
export function jsonModeSystemPrompt(system: string, format: JsonSchemaFormat): string {
  return [
    system,
    "",
    "Respond with one JSON object only — no prose, no code fences — that conforms to this JSON Schema:",
    JSON.stringify(format.schema),
  ].join("\n");
}

/** The single repair turn after invalid JSON or a schema violation. */
export function repairPrompt(problem: string): string {
  return [
    "Your previous reply was not valid:",
    problem,
    "Reply again with only the corrected JSON object, conforming exactly to the required schema.",
  ].join("\n");
}

/** A 400/422 complaining about response_format / json_schema: the server lacks structured outputs. */
export function isJsonSchemaRejection(error: unknown): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
  return /response_format|json_schema|structured|not supported|unsupported/i.test(error.message);
}

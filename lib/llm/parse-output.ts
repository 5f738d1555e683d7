// Model text → validated object. Tolerates code fences (common with local models in JSON mode);
// everything else that is not schema-valid JSON is reported for the repair turn.
import { z } from "zod";

export type ParsedOutput<T> = { ok: true; value: T } | { ok: false; problem: string };

const MAX_PROBLEM_CHARS = 2_000;

export function parseStructuredOutput<T>(content: string | null | undefined, schema: z.ZodType<T>): ParsedOutput<T> {
  if (content === null || content === undefined || content.trim() === "") {
    return { ok: false, problem: "The reply was empty; a JSON object was expected." };
  }
  let json: unknown;
  try {
    json = JSON.parse(stripCodeFence(content));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `The reply is not valid JSON (${reason}).` };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problem = `The JSON does not match the schema:\n${z.prettifyError(parsed.error)}`;
  return { ok: false, problem: problem.slice(0, MAX_PROBLEM_CHARS) };
}

function stripCodeFence(text: string): string {
  const match = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return match?.[1] ?? text;
}

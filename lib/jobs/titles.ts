import { JOB_DEFINITIONS } from "./definitions";

export const JOB_TITLES: Record<string, string> = Object.fromEntries(JOB_DEFINITIONS.map((d) => [d.name, d.title]));

/** The job type's one-line description of a stored payload; null when it has none or the payload no longer parses. */
export function describeJobPayload(name: string, payload: unknown): string | null {
  const definition = JOB_DEFINITIONS.find((d) => d.name === name);
  if (!definition?.describe) return null;
  const parsed = definition.payload.safeParse(payload);
  return parsed.success ? definition.describe(parsed.data) : null;
}

// A finished call is never paid twice: identical requests hash to the same cache key.
// Pure: canonical JSON makes the hash independent of object key order.
import { createHash } from "node:crypto";

/** Everything that determines a model's answer for caching purposes. */
export interface LlmCacheInput {
  model: string;
  promptId: string;
  promptVersion: string;
  system: string;
  input: string;
  /** The JSON schema sent to the provider (not the zod object, which is not serializable). */
  jsonSchema: unknown;
}

/** JSON with object keys sorted recursively; `undefined` members are dropped like JSON.stringify. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) sorted[key] = sortKeys(member);
  }
  return sorted;
}

/** sha256 (hex) over the canonical JSON of the call's inputs. */
export function hashLlmInput(input: LlmCacheInput): string {
  return createHash("sha256").update(canonicalJson(input)).digest("hex");
}

/** `model:promptVersion:inputHash` — readable prefix for humans, hash for identity. */
export function buildCacheKey(args: { model: string; promptVersion: string; inputHash: string }): string {
  return `${args.model}:${args.promptVersion}:${args.inputHash}`;
}

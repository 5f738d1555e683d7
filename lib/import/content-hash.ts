import { createHash } from "node:crypto";
import type { NormalizedTrajectory } from "../trajectory/schema";

/**
 * Identity of a trajectory's content: the same run imported twice (even from another file name or
 * with an outcome file added later) hashes the same. The outcome is left out on purpose, so a
 * later verifier report updates the stored run instead of duplicating it.
 */
export function trajectoryContentHash(trajectory: NormalizedTrajectory): string {
  const { outcome: _outcome, ...content } = trajectory;
  return createHash("sha256").update(stableStringify(content)).digest("hex");
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** JSON with object keys sorted, so key order in the source does not change the hash. */
function stableStringify(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
}

// Small, total readers for untyped JSON: the span-based formats (OTel, Langfuse, LangSmith) all
// arrive as loosely-typed dictionaries whose fields vary by SDK and version.
import { decodeJsonString } from "../../normalize/json-args";
import type { TokenUsage } from "../../schema";

export type Dict = Record<string, unknown>;

export function isRecord(value: unknown): value is Dict {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A non-empty string, or undefined. Numbers are accepted because some SDKs stringify loosely. */
export function str(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return undefined;
}

/** A finite number from a number or numeric string ("631" in Langfuse attributes). */
export function num(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) return Number(value);
  return undefined;
}

/** The first key of `dict` (in the order given) whose value is defined and not null. */
export function pick(dict: Dict | undefined, ...keys: string[]): unknown {
  if (!dict) return undefined;
  for (const key of keys) {
    const value = dict[key];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** Decodes JSON-in-a-string up to three levels (Langfuse double-encodes trace input/output/metadata). */
export function decodeDeep(value: unknown): unknown {
  return decodeJsonString(value, 3);
}

export function asRecord(value: unknown): Dict | undefined {
  const decoded = decodeDeep(value);
  return isRecord(decoded) ? decoded : undefined;
}

export function asArray(value: unknown): unknown[] | undefined {
  const decoded = decodeDeep(value);
  return Array.isArray(decoded) ? decoded : undefined;
}

/** A tool-call id; arrays (Microsoft Agent Framework sends [run_id, call_id]) are joined so both ends of a link match. */
export function normalizeCallId(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const parts = value.map(normalizeCallId).filter((part): part is string => part !== undefined);
    return parts.length > 0 ? parts.join("/") : undefined;
  }
  const text = str(value)?.trim();
  if (text?.startsWith("[")) {
    const decoded = decodeDeep(text);
    if (Array.isArray(decoded)) return normalizeCallId(decoded);
  }
  return text || undefined;
}

/**
 * A trace / span id as a stable string: hex (optionally 0x-prefixed) lower-cased, decimal
 * integers kept exact, padded base64 (protobuf→JSON OTLP) converted to hex.
 */
export function normalizeSpanId(value: unknown): string | undefined {
  const text = str(value)?.trim();
  if (!text) return undefined;
  if (/^0x[0-9a-f]+$/i.test(text)) return text.slice(2).toLowerCase();
  if (/^[0-9a-f]+$/i.test(text)) return text.toLowerCase();
  if (/^[A-Za-z0-9+/]{11}=$|^[A-Za-z0-9+/]{22}==$/.test(text)) {
    const bytes = Buffer.from(text, "base64");
    if (bytes.length === 8 || bytes.length === 16) return bytes.toString("hex");
  }
  return text;
}

/**
 * Milliseconds since the epoch from ISO strings, epoch numbers in s/ms/µs/ns (by magnitude,
 * decimal strings included), or [seconds, nanos] hrtime pairs (OpenTelemetry JS).
 */
export function toEpochMs(value: unknown): number | undefined {
  if (Array.isArray(value) && value.length === 2) {
    const [seconds, nanos] = value.map(num);
    return seconds === undefined || nanos === undefined ? undefined : seconds * 1000 + nanos / 1e6;
  }
  if (typeof value === "string" && /^\d{16,}$/.test(value.trim())) {
    const big = BigInt(value.trim());
    // 19+ digits are nanoseconds, 16–18 microseconds; keep µs precision without float overflow.
    return value.trim().length >= 19 ? Number(big / 1000n) / 1000 : Number(big) / 1000;
  }
  const n = num(value);
  if (n !== undefined) {
    if (n > 1e17) return n / 1e6;
    if (n > 1e14) return n / 1e3;
    if (n > 1e11) return n;
    return n * 1000;
  }
  if (typeof value === "string") {
    // LangSmith API times have no zone designator but are UTC.
    const iso = /T\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(value) ? `${value}Z` : value;
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/** Usage with only what the model accepts: whole, non-negative, safe token counts and a finite cost. */
export function cleanUsage(usage: TokenUsage | undefined): TokenUsage | undefined {
  if (!usage) return undefined;
  const clean: TokenUsage = {};
  for (const key of ["inputTokens", "outputTokens", "cachedTokens", "reasoningTokens"] as const) {
    const value = usage[key];
    if (typeof value === "number" && Number.isSafeInteger(Math.round(value)) && value >= 0) clean[key] = Math.round(value);
  }
  if (typeof usage.costUsd === "number" && Number.isFinite(usage.costUsd) && usage.costUsd >= 0) clean.costUsd = roundCost(usage.costUsd);
  return Object.keys(clean).length > 0 ? clean : undefined;
}

/** Money sums without float noise (0.0000294 rather than 0.000029399999999999996). */
export function roundCost(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.round(value * 1e12) / 1e12;
}

export function toIso(ms: number | undefined): string | undefined {
  // Date covers ±8.64e15 ms; anything beyond is a corrupt timestamp, not a reason to fail the file.
  if (ms === undefined || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return undefined;
  return new Date(ms).toISOString();
}

/** Deterministic JSON for comparing argument objects regardless of key order. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

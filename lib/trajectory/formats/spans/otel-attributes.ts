// OpenTelemetry attribute plumbing: OTLP/JSON's typed AnyValue lists to plain dictionaries, and
// the flattened-list convention (`llm.input_messages.0.message.role`, `gen_ai.prompt.1.content`)
// back to arrays of objects.
import { isRecord, num, type Dict } from "./values";

/** An OTLP AnyValue ({stringValue} | {intValue: "12"} | {arrayValue: {values}} | {kvlistValue: {values}} …) as a JS value. */
export function otlpValue(value: unknown): unknown {
  if (!isRecord(value)) return value;
  if ("stringValue" in value) return value.stringValue;
  if ("boolValue" in value) return value.boolValue;
  if ("doubleValue" in value) return num(value.doubleValue) ?? value.doubleValue;
  if ("intValue" in value) {
    // int64 is a decimal string in OTLP/JSON; keep it a string when a JS number would round it.
    const n = num(value.intValue);
    return n !== undefined && Number.isSafeInteger(n) ? n : value.intValue;
  }
  if ("arrayValue" in value) {
    const values = isRecord(value.arrayValue) && Array.isArray(value.arrayValue.values) ? value.arrayValue.values : [];
    return values.map(otlpValue);
  }
  if ("kvlistValue" in value) return otlpAttributes(isRecord(value.kvlistValue) ? value.kvlistValue.values : undefined);
  if ("bytesValue" in value) return value.bytesValue;
  return undefined;
}

/** `[{key, value: AnyValue}]` → {key: value}; a plain dictionary is returned as it is. */
export function otlpAttributes(list: unknown): Dict {
  if (isRecord(list)) return list;
  if (!Array.isArray(list)) return {};
  const out: Dict = {};
  for (const entry of list) {
    if (isRecord(entry) && typeof entry.key === "string") out[entry.key] = otlpValue(entry.value);
  }
  return out;
}

/** True when some key is `prefix.<digit>…`. */
export function hasFlattened(attrs: Dict, prefix: string): boolean {
  const start = `${prefix}.`;
  return Object.keys(attrs).some((key) => key.startsWith(start) && /^\d/.test(key.slice(start.length)));
}

/**
 * Rebuilds `prefix.{i}.a.b` keys into an array of nested objects ({a: {b}}); numeric segments
 * deeper down become arrays too (`.tool_calls.0.tool_call.function.name`). Holes are dropped.
 */
export function unflatten(attrs: Dict, prefix: string): Dict[] {
  const start = `${prefix}.`;
  const root: unknown[] = [];
  for (const [key, value] of Object.entries(attrs)) {
    if (!key.startsWith(start)) continue;
    const path = key.slice(start.length).split(".");
    if (!/^\d+$/.test(path[0] ?? "")) continue;
    let container: unknown[] | Dict = root;
    path.forEach((segment, depth) => {
      const isLast = depth === path.length - 1;
      const slot: string | number = Array.isArray(container) ? Number(segment) : segment;
      if (isLast) {
        (container as Record<string | number, unknown>)[slot] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[depth + 1] ?? "");
      const existing = (container as Record<string | number, unknown>)[slot];
      const next = Array.isArray(existing) || isRecord(existing) ? existing : nextIsIndex ? [] : {};
      (container as Record<string | number, unknown>)[slot] = next;
      container = next as unknown[] | Dict;
    });
  }
  return compactArrays(root).filter(isRecord);
}

function compactArrays(value: unknown[]): unknown[] {
  return value.filter((item) => item !== undefined).map((item) => deepCompact(item));
}

function deepCompact(value: unknown): unknown {
  if (Array.isArray(value)) return compactArrays(value);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepCompact(item)]));
  return value;
}

export interface OtelEvent {
  name: string;
  timeMs?: number;
  attributes: Dict;
}

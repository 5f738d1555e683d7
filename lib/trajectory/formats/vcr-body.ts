// HTTP bodies as VCR recorders store them: a plain string, `{string: …}`, `{base64_string: …}`,
// `!!binary` bytes (often gzip-compressed: cassettes recorded without decode_compressed_response),
// or an already-parsed object. Decoded to JSON when possible, else text (SSE streams stay text).
import { decompressSync, strFromU8 } from "fflate";

export type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

function headerValue(headers: unknown, name: string): string | undefined {
  if (!isObj(headers)) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? String(value[0]) : typeof value === "string" ? value : undefined;
}

function bytesToText(bytes: Uint8Array, headers: unknown): string | undefined {
  const encoding = headerValue(headers, "content-encoding")?.toLowerCase();
  const gzipMagic = bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (encoding === "br") return undefined; // brotli: no decoder available; the caller skips the body
  try {
    return strFromU8(gzipMagic || encoding === "gzip" || encoding === "deflate" ? decompressSync(bytes) : bytes);
  } catch {
    return undefined;
  }
}

function base64ToBytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
}

function textOf(body: unknown, headers: unknown): string | undefined {
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return bytesToText(body, headers);
  if (!isObj(body)) return undefined;
  if ("string" in body) return textOf(body.string, headers);
  if (typeof body.base64_string === "string") {
    try {
      return bytesToText(base64ToBytes(body.base64_string), headers);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The body as parsed JSON, or its text when it is not JSON, or undefined when unreadable / empty. */
export function decodeHttpBody(body: unknown, headers?: unknown): unknown {
  if (isObj(body) && !("string" in body) && !("base64_string" in body)) return body;
  const text = textOf(body, headers)?.trim();
  if (!text) return undefined;
  if (text.startsWith("{") || text.startsWith("[")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

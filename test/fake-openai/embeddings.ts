// Deterministic fake embeddings: identical texts give identical unit vectors (sha256-derived),
// different texts give unrelated ones. Supports the SDK's default base64 encoding.
import { createHash } from "node:crypto";

export function fakeEmbedding(text: string, dimension: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < dimension; block++) {
    const digest = createHash("sha256").update(`${block}\u0000${text}`).digest();
    for (let i = 0; i + 1 < digest.length && values.length < dimension; i += 2) {
      values.push(digest.readUInt16LE(i) / 32_767.5 - 1);
    }
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((value) => value / norm);
}

/** The OpenAI base64 format: little-endian float32 bytes. */
export function toBase64Float32(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
  return bytes.toString("base64");
}

export function embeddingInputs(input: unknown): string[] {
  if (typeof input === "string") return [input];
  if (Array.isArray(input)) return input.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
  return [JSON.stringify(input ?? "")];
}

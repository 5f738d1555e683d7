import { describe, expect, it } from "vitest";
import { buildCacheKey, canonicalJson, hashLlmInput, type LlmCacheInput } from "../../../lib/llm/cache-key";

const base: LlmCacheInput = {
  model: "gpt-4.1-mini",
  promptId: "extraction.tips",
  promptVersion: "v1",
  system: "You extract tips.",
  input: "trajectory text",
  jsonSchema: { type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, required: ["a", "b"] },
};

describe("canonicalJson", () => {
  it("is independent of key order, recursively, and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });

  it("drops undefined members like JSON.stringify", () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });
});

describe("hashLlmInput", () => {
  it("is a stable sha256 hex digest", () => {
    const hash = hashLlmInput(base);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLlmInput({ ...base, jsonSchema: { required: ["a", "b"], properties: { b: { type: "number" }, a: { type: "string" } }, type: "object" } })).toBe(hash);
  });

  it.each(["model", "promptId", "promptVersion", "system", "input"] as const)("changes when %s changes", (field) => {
    expect(hashLlmInput({ ...base, [field]: `${base[field]}!` })).not.toBe(hashLlmInput(base));
  });

  it("changes when the schema changes", () => {
    expect(hashLlmInput({ ...base, jsonSchema: { type: "object" } })).not.toBe(hashLlmInput(base));
  });
});

describe("buildCacheKey", () => {
  it("is model + prompt version + input hash", () => {
    expect(buildCacheKey({ model: "gpt-4o", promptVersion: "v3", inputHash: "abc" })).toBe("gpt-4o:v3:abc");
  });
});

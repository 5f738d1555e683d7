import { describe, expect, it } from "vitest";
import { API_KEY_PREFIX, generateApiKey, hashApiKey } from "@/lib/api-keys/api-keys";

describe("API keys", () => {
  it("are recognisable, random, and stored only as a hash and a short prefix", () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key).toMatch(/^dbk_[A-Za-z0-9_-]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.prefix).toBe(a.key.slice(0, API_KEY_PREFIX.length + 8));
    expect(a.hash).toBe(hashApiKey(a.key));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toContain(a.key.slice(API_KEY_PREFIX.length));
  });
});

import { describe, expect, it } from "vitest";
import { textChecksum } from "@/lib/embeddings";

describe("textChecksum", () => {
  const base = { model: "local-hash-v1", dimension: 256, text: "empty the cart" };

  it("is a stable sha256 hex digest", () => {
    expect(textChecksum(base)).toMatch(/^[0-9a-f]{64}$/);
    expect(textChecksum(base)).toBe(textChecksum({ ...base }));
  });

  it("changes with the text, the model or the dimension", () => {
    const checksums = new Set([
      textChecksum(base),
      textChecksum({ ...base, text: "empty the cart!" }),
      textChecksum({ ...base, model: "text-embedding-3-small" }),
      textChecksum({ ...base, dimension: 512 }),
    ]);
    expect(checksums.size).toBe(4);
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_RETRIEVAL_SETTINGS, resolveRetrievalSettings } from "@/lib/retrieval/settings";
import { retrieveRequestSchema } from "@/lib/retrieval/schema";

describe("retrieval settings", () => {
  it("defaults to the paper's best cosine setting: τ 0.6 without top-k, approved tips only", () => {
    expect(DEFAULT_RETRIEVAL_SETTINGS).toMatchObject({ strategy: "cosine", threshold: 0.6, topK: null, approvedOnly: true, granularity: "both" });
  });

  it("lets a request override the project's settings, including clearing its top-k with null", () => {
    const project = { ...DEFAULT_RETRIEVAL_SETTINGS, topK: 5, template: "xml" as const };
    expect(resolveRetrievalSettings(project, { threshold: 0.7 })).toMatchObject({ threshold: 0.7, topK: 5, template: "xml" });
    expect(resolveRetrievalSettings(project, { topK: null, threshold: undefined })).toMatchObject({ threshold: 0.6, topK: null });
  });

  it("refuses unknown fields and out-of-range values in a request", () => {
    const result = retrieveRequestSchema.safeParse({ task: "x", top_k: 3, threshold: 1.5, topK: 0 });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join(".") || issue.code).sort()).toEqual(["threshold", "topK", "unrecognized_keys"]);
  });
});

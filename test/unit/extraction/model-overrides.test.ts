import { describe, expect, it } from "vitest";
import { describeModels, extractionModelsSchema, parseModelFlags } from "../../../lib/extraction/model-overrides";
import { extractTrajectoriesPayloadSchema } from "../../../lib/jobs/extract-trajectories";

const PROJECT_ID = "8f0c2b8e-3f4a-4c1e-9a55-0c0d7d1c2b3a";

describe("extraction model overrides", () => {
  it("accepts trimmed names for the extraction stages and leaves the others to Settings", () => {
    expect(extractionModelsSchema.parse({ extraction: "  gpt-4.1-nano ", segmentation: "llama3.1:8b" })).toEqual({ extraction: "gpt-4.1-nano", segmentation: "llama3.1:8b" });
    expect(extractionModelsSchema.parse({ attribution: "openrouter/meta-llama/llama-3.1-70b-instruct" })).toEqual({ attribution: "openrouter/meta-llama/llama-3.1-70b-instruct" });
    expect(extractionModelsSchema.parse({})).toEqual({});
  });

  it("rejects empty, blank-containing, over-long names and stages extraction does not call", () => {
    for (const bad of [{ extraction: "   " }, { extraction: "gpt 4" }, { attribution: "x".repeat(201) }, { extraction: "a\u0000b" }, { retrieval: "gpt-4.1" }, { extraction: 42 }]) {
      expect(extractionModelsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("is part of the job payload, optional, and validated there", () => {
    const base = { projectId: PROJECT_ID, mode: "llm" };
    expect(extractTrajectoriesPayloadSchema.parse(base).models).toBeUndefined();
    expect(extractTrajectoriesPayloadSchema.parse({ ...base, models: { extraction: "gpt-4.1" } }).models).toEqual({ extraction: "gpt-4.1" });
    expect(extractTrajectoriesPayloadSchema.safeParse({ ...base, models: { extraction: "" } }).success).toBe(false);
  });

  it("parses the CLI's repeated --model stage=name flags", () => {
    expect(parseModelFlags([])).toEqual({});
    expect(parseModelFlags(["extraction=gpt-4.1-mini", "attribution=gpt-4.1"])).toEqual({ extraction: "gpt-4.1-mini", attribution: "gpt-4.1" });
    expect(() => parseModelFlags(["gpt-4.1"])).toThrow(/stage=model/);
    expect(() => parseModelFlags(["retrieval=gpt-4.1"])).toThrow(/extraction, attribution, segmentation/);
    expect(() => parseModelFlags(["extraction="])).toThrow(/extraction: Enter a model name/);
    expect(() => parseModelFlags(["extraction=a", "extraction=b"])).toThrow(/twice/);
  });

  it("describes the models in stage order", () => {
    expect(describeModels({ segmentation: "s", extraction: "e" })).toBe("extraction e · segmentation s");
  });
});

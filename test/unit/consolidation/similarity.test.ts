import { describe, expect, it } from "vitest";
import { LinkageSchema, ThresholdSchema } from "@/lib/consolidation/cluster/linkage";
import { dequantizeSimilarity, quantizeSimilarity, quantizeThreshold, SIMILARITY_SCALE } from "@/lib/consolidation/cluster/quantized-similarity";
import { cosineSimilarity, dotProduct, normalize, vectorNorm } from "@/lib/consolidation/cluster/similarity";

describe("cosineSimilarity", () => {
  it("is the cosine of the angle, whatever the lengths", () => {
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
    expect(cosineSimilarity([2, 0], [3, 0])).toBe(1);
    expect(cosineSimilarity([1, 0], [-4, 0])).toBe(-1);
    expect(cosineSimilarity([1, 1], [1, 0])).toBeCloseTo(Math.SQRT1_2, 15);
  });

  it("takes Float32Array and number[] alike", () => {
    expect(cosineSimilarity(Float32Array.from([3, 4]), [4, 3])).toBeCloseTo(24 / 25, 7);
  });

  it("treats a zero vector as similar to nothing (0, never NaN)", () => {
    expect(cosineSimilarity([0, 0, 0], [1, 2, 3])).toBe(0);
    expect(cosineSimilarity([0, 0], [0, 0])).toBe(0);
  });

  it("refuses vectors of different dimensions", () => {
    expect(() => cosineSimilarity([1, 2], [1, 2, 3])).toThrow(RangeError);
    expect(() => dotProduct([1], [1, 2])).toThrow(RangeError);
  });
});

describe("normalize", () => {
  it("scales to unit length and keeps the direction", () => {
    const unit = normalize([3, 4]);
    expect(unit).toEqual([0.6, 0.8]);
    expect(vectorNorm(unit)).toBeCloseTo(1, 15);
  });

  it("leaves a zero vector at zero", () => {
    expect(normalize(new Float32Array(3))).toEqual([0, 0, 0]);
  });
});

describe("quantized similarities", () => {
  it("puts a similarity exactly at the threshold on the threshold's grid step", () => {
    expect(quantizeSimilarity(0.85)).toBe(quantizeThreshold(0.85));
    expect(quantizeSimilarity(0.85 - 1 / SIMILARITY_SCALE)).toBeLessThan(quantizeThreshold(0.85));
    expect(dequantizeSimilarity(quantizeSimilarity(0.5))).toBe(0.5);
  });

  it("accepts thresholds in (0, 1] only", () => {
    for (const bad of [0, -0.2, 1.01, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => quantizeThreshold(bad)).toThrow(RangeError);
    expect(quantizeThreshold(1)).toBe(SIMILARITY_SCALE);
    expect(quantizeThreshold(1e-9)).toBe(1); // never 0: a zero vector (similarity 0) joins nothing
  });

  it("exposes schemas for settings that store the linkage and threshold", () => {
    expect(LinkageSchema.parse("complete")).toBe("complete");
    expect(LinkageSchema.safeParse("ward").success).toBe(false);
    expect(ThresholdSchema.safeParse(0).success).toBe(false);
    expect(ThresholdSchema.parse(0.85)).toBe(0.85);
  });
});

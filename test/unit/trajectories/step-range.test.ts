import { describe, expect, it } from "vitest";
import { formatStepRange, isInStepRange, parseStepRange, rangeBetween } from "@/lib/trajectories/step-range";

describe("parseStepRange", () => {
  it("reads a range and a single step, with or without the leading #", () => {
    expect(parseStepRange("#steps=4-7")).toEqual({ start: 4, end: 7 });
    expect(parseStepRange("steps=4-7")).toEqual({ start: 4, end: 7 });
    expect(parseStepRange("#steps=4")).toEqual({ start: 4, end: 4 });
    expect(parseStepRange("#steps=0")).toEqual({ start: 0, end: 0 });
  });

  it("puts a reversed range in order", () => {
    expect(parseStepRange("#steps=7-4")).toEqual({ start: 4, end: 7 });
  });

  it("finds the steps parameter among others", () => {
    expect(parseStepRange("#tab=raw&steps=2-3")).toEqual({ start: 2, end: 3 });
    expect(parseStepRange("#steps=2&tab=raw")).toEqual({ start: 2, end: 2 });
  });

  it("tolerates an encoded dash and surrounding spaces", () => {
    expect(parseStepRange("#steps=%204-5%20")).toEqual({ start: 4, end: 5 });
  });

  it("rejects anything malformed", () => {
    for (const hash of ["", "#", "#steps", "#steps=", "#steps=-3", "#steps=a-b", "#steps=1-2-3", "#steps=1.5", "#step=1", "#steps=1,2", "#steps=12345678", "#steps=%E0"]) {
      expect(parseStepRange(hash), hash).toBeNull();
    }
  });
});

describe("formatStepRange", () => {
  it("writes a single step without a dash and a range with one", () => {
    expect(formatStepRange({ start: 4, end: 4 })).toBe("steps=4");
    expect(formatStepRange({ start: 4, end: 7 })).toBe("steps=4-7");
  });

  it("orders a reversed range", () => {
    expect(formatStepRange({ start: 7, end: 4 })).toBe("steps=4-7");
  });

  it("round-trips through parseStepRange", () => {
    for (const range of [{ start: 0, end: 0 }, { start: 3, end: 9 }]) {
      expect(parseStepRange(`#${formatStepRange(range)}`)).toEqual(range);
    }
  });
});

describe("rangeBetween and isInStepRange", () => {
  it("spans two clicked steps in either order", () => {
    expect(rangeBetween(6, 2)).toEqual({ start: 2, end: 6 });
    expect(rangeBetween(2, 6)).toEqual({ start: 2, end: 6 });
  });

  it("includes both ends and nothing when there is no range", () => {
    const range = { start: 2, end: 4 };
    expect([1, 2, 3, 4, 5].map((i) => isInStepRange(i, range))).toEqual([false, true, true, true, false]);
    expect(isInStepRange(0, null)).toBe(false);
  });
});

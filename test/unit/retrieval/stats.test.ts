import { describe, expect, it } from "vitest";
import { EMPTY_OUTCOME_COUNTS, HARM_MARGIN, HARM_MIN_SAMPLES, tipRetrievalStats } from "@/lib/retrieval/stats";

const counts = (injected: [number, number], without: [number, number]) => ({
  ...EMPTY_OUTCOME_COUNTS,
  retrieved: injected[1] + 2,
  injected: injected[1] + 1,
  injectedSuccesses: injected[0],
  injectedOutcomes: injected[1],
  withoutSuccesses: without[0],
  withoutOutcomes: without[1],
});

describe("tipRetrievalStats", () => {
  it("has no rates and no flag without outcomes", () => {
    expect(tipRetrievalStats(EMPTY_OUTCOME_COUNTS)).toMatchObject({ successRateInjected: null, successRateWithout: null, difference: null, isHarmful: false });
  });

  it("computes both success rates and their difference", () => {
    const stats = tipRetrievalStats(counts([3, 4], [1, 4]));
    expect(stats.successRateInjected).toBe(0.75);
    expect(stats.successRateWithout).toBe(0.25);
    expect(stats.difference).toBe(0.5);
    expect(stats.isHarmful).toBe(false);
  });

  it("flags a tip whose injected success rate is at least the margin below comparable runs, with enough samples on both sides", () => {
    expect(HARM_MIN_SAMPLES).toBe(5);
    expect(HARM_MARGIN).toBe(0.15);
    expect(tipRetrievalStats(counts([1, 5], [4, 5])).isHarmful).toBe(true); // 20 % vs 80 %
    // exactly the margin: 60 % vs 75 %
    expect(tipRetrievalStats(counts([3, 5], [15, 20])).isHarmful).toBe(true);
    // just under the margin: 65 % vs 75 %
    expect(tipRetrievalStats(counts([13, 20], [15, 20])).isHarmful).toBe(false);
  });

  it("never flags on small samples, however bad", () => {
    expect(tipRetrievalStats(counts([0, 4], [10, 10])).isHarmful).toBe(false); // 4 injected outcomes
    expect(tipRetrievalStats(counts([0, 10], [4, 4])).isHarmful).toBe(false); // 4 comparable outcomes
  });

  it("does not flag a tip that helps", () => {
    expect(tipRetrievalStats(counts([9, 10], [2, 10])).isHarmful).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { quantile, summarize } from "./summarize.js";

describe("summarize", () => {
  it("takes the middle value of an odd count as the median", () => {
    expect(summarize([5, 1, 3]).median).toBe(3);
  });

  it("averages the two middle values of an even count", () => {
    expect(summarize([4, 1, 3, 2]).median).toBe(2.5);
  });

  it("reports p99 by nearest rank, so one outlier in a hundred does not move it", () => {
    const samples = Array.from({ length: 100 }, (_, index) => (index === 99 ? 1000 : 1));
    expect(summarize(samples).p99).toBe(1);
    expect(summarize([...samples, 1000]).p99).toBe(1000);
  });

  it("reports min, max and mean", () => {
    expect(summarize([2, 4, 9])).toMatchObject({ n: 3, min: 2, max: 9, mean: 5 });
  });

  it("refuses an empty set", () => {
    expect(() => summarize([])).toThrow(/at least one sample/);
  });
});

describe("quantile", () => {
  it("interpolates between neighbours", () => {
    expect(quantile([0, 10], 0.25)).toBe(2.5);
  });
});

import { describe, expect, it } from "vitest";
import { analyzeSamples } from "./analyze-samples.js";
import type { ProcessSample } from "./sample-process.js";

const sample = (runs: number, rssMb: number, threads = 12): ProcessSample => ({
  runs,
  rssMb,
  heapUsedMb: rssMb / 10,
  heapTotalMb: rssMb / 5,
  externalMb: 1,
  threads,
  openFds: 30,
  children: 0,
  activeResources: {},
});

describe("analyzeSamples", () => {
  it("measures growth after the warm-up as a slope per thousand runs", () => {
    const samples = [sample(0, 50), sample(1000, 120), ...[2000, 3000, 4000, 5000].map((runs) => sample(runs, 120 + (runs - 1000) / 500))];
    const analysis = analyzeSamples(samples, { warmupRuns: 1000 });
    expect(analysis.rssSlopeMbPer1000).toBeCloseTo(2);
    expect(analysis.rssTrendGrowthMb).toBeCloseTo(8);
    expect(analysis.rssMb).toEqual({ first: 50, atWarm: 120, last: 128, max: 128 });
    expect(analysis.heapSlopeMbPer1000).toBeCloseTo(0.2);
  });

  it("tells a warm-up that levels off from steady growth by the slope of the later half", () => {
    const levelling = [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000].map((runs) => sample(runs, 100 + Math.min(runs, 3000) / 100));
    const analysis = analyzeSamples(levelling, { warmupRuns: 1000 });
    expect(analysis.rssSlopeMbPer1000).toBeGreaterThan(1);
    expect(analysis.rssLateSlopeMbPer1000).toBeCloseTo(0);
  });

  it("reports the range of a count that should stay flat, ignoring the warm-up", () => {
    const samples = [sample(0, 50, 8), sample(500, 60, 10), sample(1000, 60, 10), sample(1500, 60, 11), sample(2000, 60, 10)];
    expect(analyzeSamples(samples, { warmupRuns: 500 }).threads).toEqual({ atWarm: 10, min: 10, max: 11, last: 10 });
  });

  it("reads memory only up to memoryUntilRuns, and counts to the end", () => {
    const samples = [sample(0, 50), sample(1000, 100), sample(2000, 110), sample(3000, 120, 13), sample(4000, 60, 12)];
    const analysis = analyzeSamples(samples, { warmupRuns: 1000, memoryUntilRuns: 3000 });
    expect(analysis.rssSlopeMbPer1000).toBeCloseTo(10);
    expect(analysis.rssMb.last).toBe(120);
    expect(analysis.threads).toEqual({ atWarm: 12, min: 12, max: 13, last: 12 });
  });

  it("uses every sample when none comes after the warm-up", () => {
    const analysis = analyzeSamples([sample(0, 50), sample(100, 52)], { warmupRuns: 1000 });
    expect(analysis.rssMb.atWarm).toBe(50);
    expect(analysis.rssSlopeMbPer1000).toBeCloseTo(20);
  });
});

import { linearSlope } from "../stats/linear-slope.js";
import type { ProcessSample } from "./sample-process.js";

/** A count that must stay flat (threads, fds, child processes): its range after the warm-up. */
export interface CountRange {
  atWarm: number;
  min: number;
  max: number;
  last: number;
}

/** What a series of samples says about leaks: growth after the warm-up as a slope and as a difference. */
export interface LeakAnalysis {
  samples: number;
  warmupRuns: number;
  memoryUntilRuns: number | null;
  /** `last` and the slopes stop at `memoryUntilRuns`; `max` covers every sample. */
  rssMb: { first: number; atWarm: number; last: number; max: number };
  heapUsedMb: { first: number; atWarm: number; last: number };
  /** Least-squares slope over the samples after the warm-up, in MB per 1,000 runs. */
  rssSlopeMbPer1000: number;
  /** The same over the later half of those samples: near 0 when the growth was a warm-up that has levelled off. */
  rssLateSlopeMbPer1000: number;
  heapSlopeMbPer1000: number;
  /** Slope times the runs after the warm-up: the growth the trend accounts for, free of one sample's noise. */
  rssTrendGrowthMb: number;
  /** From the warm-up to the last sample. */
  threads: CountRange;
  openFds: CountRange;
  children: CountRange;
}

/** Which samples {@link analyzeSamples} reads for what. */
export interface AnalyzeSamplesOptions {
  /** Samples before this only give the first figures. */
  warmupRuns: number;
  /** Memory is read up to this many runs (a later phase may replace workers, which frees memory); counts to the end. */
  memoryUntilRuns?: number;
}

/** Analyses samples taken every so many runs: memory as a trend after the warm-up, counts as a range. */
export function analyzeSamples(samples: readonly ProcessSample[], options: AnalyzeSamplesOptions): LeakAnalysis {
  if (samples.length === 0) throw new Error("analyzeSamples needs at least one sample.");
  const { warmupRuns, memoryUntilRuns = Infinity } = options;
  const first = samples[0]!;
  const warm = samples.filter((sample) => sample.runs >= warmupRuns);
  const counted = warm.length > 0 ? warm : samples;
  const steady = counted.filter((sample) => sample.runs <= memoryUntilRuns);
  const atWarm = steady[0] ?? counted[0]!;
  const last = steady[steady.length - 1] ?? atWarm;
  const slope = (pick: (sample: ProcessSample) => number, of = steady) => 1000 * linearSlope(of.map((sample) => ({ x: sample.runs, y: pick(sample) })));
  const range = (pick: (sample: ProcessSample) => number): CountRange => ({
    atWarm: pick(counted[0]!),
    min: Math.min(...counted.map(pick)),
    max: Math.max(...counted.map(pick)),
    last: pick(counted[counted.length - 1]!),
  });
  const rssSlopeMbPer1000 = slope((sample) => sample.rssMb);
  return {
    samples: samples.length,
    warmupRuns,
    memoryUntilRuns: Number.isFinite(memoryUntilRuns) ? memoryUntilRuns : null,
    rssMb: { first: first.rssMb, atWarm: atWarm.rssMb, last: last.rssMb, max: Math.max(...samples.map((sample) => sample.rssMb)) },
    heapUsedMb: { first: first.heapUsedMb, atWarm: atWarm.heapUsedMb, last: last.heapUsedMb },
    rssSlopeMbPer1000,
    rssLateSlopeMbPer1000: slope((sample) => sample.rssMb, steady.slice(Math.floor(steady.length / 2))),
    heapSlopeMbPer1000: slope((sample) => sample.heapUsedMb),
    rssTrendGrowthMb: (rssSlopeMbPer1000 * (last.runs - atWarm.runs)) / 1000,
    threads: range((sample) => sample.threads),
    openFds: range((sample) => sample.openFds),
    children: range((sample) => sample.children),
  };
}

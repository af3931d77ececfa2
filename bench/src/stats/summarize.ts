/** Order statistics of a set of timings, in the unit they were taken in. */
export interface Summary {
  n: number;
  median: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/** Summarises samples by median and p99 (nearest rank), the figures the benchmark reports; a single time is noise. */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error("summarize needs at least one sample.");
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    p99: nearestRank(sorted, 0.99),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    mean: total / sorted.length,
  };
}

/** The q-quantile of sorted samples, interpolating between the two middle values for an even count. */
export function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

function nearestRank(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

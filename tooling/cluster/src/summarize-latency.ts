/** A latency distribution in milliseconds. */
export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** The median, 99th percentile (nearest rank) and maximum of `values`. */
export function summarizeLatency(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
  const round = (value: number) => Math.round(value * 100) / 100;
  return { count: sorted.length, p50: round(rank(0.5)), p99: round(rank(0.99)), max: round(sorted.at(-1) ?? 0) };
}

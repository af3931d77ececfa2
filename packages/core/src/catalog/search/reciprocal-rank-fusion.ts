/** The usual constant of reciprocal rank fusion (Cormack et al., 2009): it damps the weight of the very top ranks. */
export const RRF_K = 60;

/**
 * Fuses rankings of the same items by reciprocal rank fusion: each item scores the sum of `1 / (k + rank)` over the
 * rankings that hold it. Ties keep the order of the first ranking that holds the items.
 */
export function reciprocalRankFusion<T>(rankings: readonly (readonly T[])[], k = RRF_K): T[] {
  const scores = new Map<T, number>();
  for (const ranking of rankings) {
    ranking.forEach((item, rank) => scores.set(item, (scores.get(item) ?? 0) + 1 / (k + rank + 1)));
  }
  // Map iteration keeps first-seen order, and Array.prototype.sort is stable, so ties stay in that order.
  return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([item]) => item);
}

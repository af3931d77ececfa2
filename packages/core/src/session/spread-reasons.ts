/** Counts the steps a spread takes, so that a test can check the work grows linearly. */
export interface SpreadWork {
  steps: number;
}

/**
 * Gives every node that reaches a node of `bad` (through `refs`, any number of hops) the reason of a bad node it
 * reaches, in one pass: edges are turned around once and walked from the bad nodes, so each node and each edge is
 * looked at once however deep the chains are.
 */
export function spreadReasons(
  refs: readonly (readonly number[])[],
  bad: ReadonlyMap<number, string>,
  work: SpreadWork = { steps: 0 },
): Map<number, string> {
  const reachedFrom: number[][] = refs.map(() => []);
  refs.forEach((targets, index) => {
    for (const target of targets) {
      work.steps++;
      reachedFrom[target]?.push(index);
    }
  });
  const reasons = new Map(bad);
  const queue = [...bad.keys()];
  for (let next = 0; next < queue.length; next++) {
    const node = queue[next]!;
    const reason = reasons.get(node)!;
    for (const from of reachedFrom[node] ?? []) {
      work.steps++;
      if (reasons.has(from)) continue;
      reasons.set(from, reason);
      queue.push(from);
    }
  }
  return reasons;
}

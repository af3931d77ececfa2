import { describe, expect, it } from "vitest";
import { spreadReasons, type SpreadWork } from "./spread-reasons.js";

describe("spreadReasons", () => {
  it("gives each node that reaches a bad node, directly or not, that node's reason, and leaves the rest", () => {
    // 0 -> 1 -> 2 (bad); 3 -> 0; 4 alone; 5 -> 4
    const refs = [[1], [2], [], [0], [], [4]];
    const reasons = spreadReasons(refs, new Map([[2, "a closure"]]));
    expect([...reasons.entries()].sort()).toEqual([
      [0, "a closure"],
      [1, "a closure"],
      [2, "a closure"],
      [3, "a closure"],
    ]);
  });

  it("follows cycles and refs to missing nodes without looping", () => {
    const reasons = spreadReasons([[1], [0, 2, 99], []], new Map([[2, "bad"]]));
    expect([...reasons.keys()].sort()).toEqual([0, 1, 2]);
  });

  it("takes one step per node and edge, however deep the chain: a 100,000-deep chain to one bad node", () => {
    for (const depth of [1_000, 10_000, 100_000]) {
      // Each node also points at the bad end, the shape that made the old fixpoint loop pay depth x nodes.
      const refs = Array.from({ length: depth }, (_, index) => (index + 1 < depth ? [index + 1, depth - 1] : []));
      const work: SpreadWork = { steps: 0 };
      const reasons = spreadReasons(refs, new Map([[depth - 1, "bad"]]), work);
      expect(reasons.size).toBe(depth);
      const edges = refs.reduce((total, targets) => total + targets.length, 0);
      expect(work.steps).toBeLessThanOrEqual(2 * edges);
    }
  });
});

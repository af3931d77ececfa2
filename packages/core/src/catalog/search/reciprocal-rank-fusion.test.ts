import { describe, expect, it } from "vitest";
import { reciprocalRankFusion } from "./reciprocal-rank-fusion.js";

describe("reciprocalRankFusion", () => {
  it("lifts items that both rankings place well above items only one ranks first", () => {
    expect(reciprocalRankFusion([["a", "b"], ["c", "b"]])).toEqual(["b", "a", "c"]);
    expect(reciprocalRankFusion([["a", "b", "c"], ["c", "b", "d"]], 1)).toEqual(["c", "b", "a", "d"]);
  });

  it("keeps a single ranking as it is and breaks ties by first appearance", () => {
    expect(reciprocalRankFusion([["x", "y", "z"]])).toEqual(["x", "y", "z"]);
    expect(reciprocalRankFusion([["a", "b"], ["b", "a"]])).toEqual(["a", "b"]);
  });
});

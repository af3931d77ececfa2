import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "./nests-deeper-than.js";

const nested = (depth: number, open = "[", close = "]") => `${open.repeat(depth)}${close.repeat(depth)}`;

function depthOf(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  const children = Object.values(value as object);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe("nestsDeeperThan", () => {
  it("counts arrays and objects up to the limit and not one past it", () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan(`${'{"a":'.repeat(4)}1${"}".repeat(4)}`, 3)).toBe(true);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(nestsDeeperThan(JSON.stringify(["[[[[[[", '\\"[[[[[[', "\"{{{{{{"]), 3)).toBe(false);
  });

  it("agrees with the depth of any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 6 }), (value, limit) => {
        expect(nestsDeeperThan(JSON.stringify(value), limit)).toBe(depthOf(value) > limit);
        expect(nestsDeeperThan(new TextEncoder().encode(JSON.stringify(value)), limit)).toBe(depthOf(value) > limit);
      }),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from "vitest";
import { linearSlope } from "./linear-slope.js";

describe("linearSlope", () => {
  it("finds the slope of points on a line", () => {
    expect(linearSlope([0, 1, 2, 3].map((x) => ({ x, y: 5 + 2 * x })))).toBeCloseTo(2);
  });

  it("sees through noise that alternates around a flat line", () => {
    expect(linearSlope([0, 1, 2, 3, 4, 5, 6].map((x) => ({ x, y: 100 + (x % 2 === 0 ? 3 : -3) })))).toBeCloseTo(0, 10);
    expect(linearSlope([0, 1, 2, 3, 4, 5, 6].map((x) => ({ x, y: 100 + x / 1000 + (x % 2 === 0 ? 3 : -3) })))).toBeCloseTo(0.001, 10);
  });

  it("is 0 when there is nothing to fit", () => {
    expect(linearSlope([])).toBe(0);
    expect(linearSlope([{ x: 1, y: 9 }])).toBe(0);
    expect(linearSlope([{ x: 1, y: 9 }, { x: 1, y: 3 }])).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { atLeast, atMost, formatVerdict } from "./goal-check.js";

describe("atMost", () => {
  it("passes at or under the target and misses above it", () => {
    expect(atMost("A", "within 1.5x floor", 1.5, 1.5, "x").pass).toBe(true);
    expect(atMost("A", "within 1.5x floor", 1.6, 1.5, "x").pass).toBe(false);
  });
});

describe("atLeast", () => {
  it("passes at or over the target and misses below it", () => {
    expect(atLeast("E", ">= 1500 runs/s", 1500, 1500, "runs/s").pass).toBe(true);
    expect(atLeast("E", ">= 1500 runs/s", 1200, 1500, "runs/s").pass).toBe(false);
  });
});

describe("formatVerdict", () => {
  it("says how far a miss is from its target", () => {
    expect(formatVerdict(atMost("C", "< 20 ms", 25, 20, "ms"))).toBe("MISS by 25%");
    expect(formatVerdict(atLeast("E", ">= 1500 runs/s", 1200, 1500, "runs/s"))).toBe("MISS by 20%");
    expect(formatVerdict(atMost("C", "< 20 ms", 12, 20, "ms"))).toBe("pass");
  });
});

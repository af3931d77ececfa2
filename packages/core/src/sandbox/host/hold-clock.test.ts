import { describe, expect, it } from "vitest";
import { createHoldClock } from "./hold-clock.js";

describe("createHoldClock", () => {
  it("adds up the time of every hold, the current one included", () => {
    let time = 1000;
    const clock = createHoldClock(() => time);
    expect(clock.set(true)).toBe(true);
    time += 300;
    expect(clock.heldMs()).toBe(300);
    expect(clock.set(false)).toBe(true);
    time += 1000;
    expect(clock.heldMs()).toBe(300);
    clock.set(true);
    time += 50;
    expect(clock.held).toBe(true);
    expect(clock.heldMs()).toBe(350);
  });

  it("ignores a hold that is already on, or a release of none", () => {
    let time = 0;
    const clock = createHoldClock(() => time);
    expect(clock.set(false)).toBe(false);
    clock.set(true);
    time += 10;
    expect(clock.set(true)).toBe(false);
    time += 10;
    clock.set(false);
    expect(clock.heldMs()).toBe(20);
  });
});

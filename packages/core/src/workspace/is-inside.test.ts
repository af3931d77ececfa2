import { describe, expect, it } from "vitest";
import { isInside } from "./is-inside.js";

describe("isInside", () => {
  it("accepts the root and what is under it, not a sibling with the same prefix", () => {
    expect(isInside("/w/ws", "/w/ws")).toBe(true);
    expect(isInside("/w/ws", "/w/ws/a")).toBe(true);
    expect(isInside("/w/ws", "/w/ws2/a")).toBe(false);
    expect(isInside("/w/ws", "/w")).toBe(false);
  });
});

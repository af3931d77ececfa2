import { describe, expect, it } from "vitest";
import { serializeStable } from "./serialize-stable.js";

describe("serializeStable", () => {
  it("gives the same text whatever order the keys were written in", () => {
    expect(serializeStable({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 3 } })).toBe(serializeStable({ a: { c: 3, d: [2, { y: 2, z: 1 }] }, b: 1 }));
    expect(serializeStable({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it("drops undefined fields", () => {
    expect(serializeStable({ a: undefined, b: null })).toBe('{"b":null}');
  });
});

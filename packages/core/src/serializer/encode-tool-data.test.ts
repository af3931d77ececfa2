import { describe, expect, it } from "vitest";
import { BYTES_KEY, encodeToolData } from "./encode-tool-data.js";

describe("encodeToolData", () => {
  it("encodes plain data as JSON and undefined as null", () => {
    expect(encodeToolData({ a: [1, "x", null] })).toEqual({ json: '{"a":[1,"x",null]}', bytes: false });
    expect(encodeToolData(undefined)).toEqual({ json: "null", bytes: false });
  });

  it("marks bytes from Uint8Array, Buffer and ArrayBuffer as base64", () => {
    const encoded = encodeToolData({ u: new Uint8Array([1, 2]), b: Buffer.from("hi"), a: new Uint8Array([255]).buffer });
    expect(encoded.bytes).toBe(true);
    expect(JSON.parse(encoded.json)).toEqual({ u: { [BYTES_KEY]: "AQI=" }, b: { [BYTES_KEY]: "aGk=" }, a: { [BYTES_KEY]: "/w==" } });
  });

  it("turns dates into ISO strings, bigints into strings, maps into objects and sets into arrays", () => {
    const encoded = encodeToolData({ at: new Date(0), n: 12n, m: new Map([["k", 1]]), s: new Set([1, 2]) });
    expect(JSON.parse(encoded.json)).toEqual({ at: "1970-01-01T00:00:00.000Z", n: "12", m: { k: 1 }, s: [1, 2] });
  });

  it("throws for a cycle", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => encodeToolData(cyclic)).toThrow(TypeError);
  });
});

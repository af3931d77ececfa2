import { afterEach, describe, expect, it, vi } from "vitest";

const LENGTHS = [0, 1, 2, 3, 4, 5, 70_000];
// Taken before a test hides Buffer from the module under test.
const NodeBuffer = Buffer;
const bytesOf = (length: number) => Uint8Array.from({ length }, (_, index) => (index * 37 + 11) % 256);

/** The module as a runtime without Buffer (a browser, Cloudflare Workers) loads it. */
async function withoutBuffer() {
  vi.stubGlobal("Buffer", undefined);
  vi.resetModules();
  return import("./index.js");
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("toBase64", () => {
  it("writes what Buffer writes, with Buffer and without it", async () => {
    const expected = LENGTHS.map((length) => Buffer.from(bytesOf(length)).toString("base64"));
    const withBuffer = await import("./index.js");
    expect(LENGTHS.map((length) => withBuffer.toBase64(bytesOf(length)))).toEqual(expected);
    const portable = await withoutBuffer();
    expect(LENGTHS.map((length) => portable.toBase64(bytesOf(length)))).toEqual(expected);
  });
});

describe("fromBase64", () => {
  it("reads both alphabets back into the same bytes without Buffer", async () => {
    const portable = await withoutBuffer();
    for (const length of LENGTHS) {
      const bytes = bytesOf(length);
      expect(portable.fromBase64(NodeBuffer.from(bytes).toString("base64"))).toEqual(bytes);
      expect(portable.fromBase64(NodeBuffer.from(bytes).toString("base64url"), true)).toEqual(bytes);
      expect(portable.toBase64Url(bytes)).toBe(NodeBuffer.from(bytes).toString("base64url"));
    }
  });
});

describe("utf8ByteLength", () => {
  it("counts what TextEncoder writes, lone surrogates included, without Buffer", async () => {
    const portable = await withoutBuffer();
    for (const text of ["", "abc", "héllo", "你好", "🌍👩‍👩‍👧", "\uD800", "a\uDC00b", "\uD83C"]) {
      expect(portable.utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});

import { describe, expect, it } from "vitest";
import { encodeScriptArgs } from "./encode-script-args.js";

describe("encodeScriptArgs", () => {
  it("encodes any JSON value, and an absent one as an empty array", () => {
    expect(encodeScriptArgs(undefined, 100)).toBe("[]");
    expect(encodeScriptArgs(["a", "b"], 100)).toBe('["a","b"]');
    expect(encodeScriptArgs({ n: 1, list: [true, null, "x"], nested: { deep: 2.5 } }, 100)).toBe(
      '{"n":1,"list":[true,null,"x"],"nested":{"deep":2.5}}',
    );
    expect(encodeScriptArgs("one", 100)).toBe('"one"');
    expect(encodeScriptArgs(Object.assign(Object.create(null), { a: 1 }), 100)).toBe('{"a":1}');
  });

  it("refuses values that are not JSON with INVALID_OPTIONS naming where", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const cases: [unknown, RegExp][] = [
      [[1, () => 1], /args\[1\] is a function/],
      [{ a: undefined }, /args\.a is undefined/],
      [{ big: 1n }, /args\.big is a bigint/],
      [[Number.NaN], /args\[0\] is NaN/],
      [{ when: new Date(0) }, /args\.when is not a plain object/],
      [new Map(), /args is not a plain object/],
      [cyclic, /args\.self refers back/],
      [Symbol("s"), /args is a symbol/],
    ];
    for (const [value, message] of cases) {
      expect(() => encodeScriptArgs(value, 100)).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS", message: expect.stringMatching(message) }));
    }
  });

  it("accepts the same value twice in one structure, which is not a cycle", () => {
    const shared = { a: 1 };
    expect(encodeScriptArgs([shared, shared], 100)).toBe('[{"a":1},{"a":1}]');
  });

  it("refuses arguments whose JSON is larger than the limit, counting UTF-8 bytes", () => {
    expect(encodeScriptArgs(["éé"], 8)).toBe('["éé"]');
    expect(() => encodeScriptArgs(["ééé"], 8)).toThrow(/10 bytes of JSON, over the 8-byte limit/);
  });
});

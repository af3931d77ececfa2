import { describe, expect, it } from "vitest";
import { runInQuickJS } from "../script/__fixtures__/run-in-quickjs.js";
import { SERIALIZER_SOURCE } from "./serializer-source.js";

const SETUP = `globalThis.serialize = ${SERIALIZER_SOURCE};`;

// Evaluates the serialiser before any "user" code, as the sandbox does, then lets `script` run and serialise.
async function serialize(expression: string, script = ""): Promise<string> {
  const setup = SETUP;
  const outcome = await runInQuickJS(`(async () => {\n${script}\nreturn serialize(${expression});\n})()`, "test.js", setup);
  if (outcome.status !== "fulfilled") throw new Error(`serialising failed: ${JSON.stringify(outcome)}`);
  return outcome.value as string;
}

const RICH_VALUE = `({
  map: new Map([["b", 1], [2, new Set(["x", 1n])], [{ k: 1 }, null]]),
  date: new Date(Date.UTC(2026, 10, 30, 12, 0, 0)),
  bad: new Date(NaN),
  bytes: new Uint8Array([1, 2, 3, 250]),
  list: [1, "two", undefined, () => 1, Symbol("s"), NaN, -Infinity],
  error: new TypeError("wrong type"),
  custom: { toJSON(key) { return "custom:" + key; } },
})`;
const RICH_JSON = {
  map: { b: 1, 2: ["x", "1"], '{"k":1}': null },
  date: "2026-11-30T12:00:00.000Z",
  bad: null,
  bytes: "AQID+g==",
  list: [1, "two", null, "[Function (anonymous)]", "Symbol(s)", null, null],
  error: { name: "TypeError", message: "wrong type" },
  custom: "custom:custom",
};

describe("SERIALIZER_SOURCE", () => {
  it("writes JSON values as JSON.stringify does", async () => {
    const value = { a: [1, 2.5, -0, 1e21, "é😀\n\"q\""], b: { c: null, d: true, e: false }, "": "" };
    expect(await serialize(JSON.stringify(value))).toBe(JSON.stringify(value));
    expect(await serialize('"\\ud800 lone"')).toBe('"\\ud800 lone"');
  });

  it("follows the serialisation table for built-in types", async () => {
    expect(JSON.parse(await serialize(RICH_VALUE))).toEqual(RICH_JSON);
  });

  it("encodes typed arrays, DataView and ArrayBuffer windows as base64", async () => {
    const script = "const buffer = new Uint8Array(Array.from({ length: 100003 }, (_, i) => (i * 7) % 256)).buffer;";
    const expected = Buffer.from(Array.from({ length: 100003 }, (_, i) => (i * 7) % 256));
    expect(JSON.parse(await serialize("buffer", script))).toBe(expected.toString("base64"));
    expect(JSON.parse(await serialize("new DataView(buffer, 10, 5)", script))).toBe(expected.subarray(10, 15).toString("base64"));
    expect(JSON.parse(await serialize("new Uint16Array(buffer, 2, 2)", script))).toBe(expected.subarray(2, 6).toString("base64"));
  });

  it("writes null for undefined at the top level and omits undefined properties", async () => {
    expect(await serialize("undefined")).toBe("null");
    expect(await serialize("({ a: undefined, b: 1 })")).toBe('{"b":1}');
    expect(await serialize("function named() {}")).toBe('"[Function: named]"');
    expect(await serialize("10n ** 30n")).toBe('"1000000000000000000000000000000"');
  });

  it("marks a cycle but writes a repeated reference in full", async () => {
    const script = "const shared = { n: 1 }; const loop = { shared, again: shared, list: [shared] }; loop.self = loop; loop.list.push(loop.list);";
    expect(JSON.parse(await serialize("loop", script))).toEqual({
      shared: { n: 1 },
      again: { n: 1 },
      list: [{ n: 1 }, "[Circular]"],
      self: "[Circular]",
    });
    expect(JSON.parse(await serialize("m", "const m = new Map(); m.set('me', m);"))).toEqual({ me: "[Circular]" });
  });

  it("keeps __proto__ keys as plain data that cannot pollute the host", async () => {
    const script = `const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
      const map = new Map([["__proto__", { polluted: true }]]);`;
    const text = await serialize("{ parsed, map }", script);
    const host = JSON.parse(text);
    expect(Object.keys(host.parsed)).toEqual(["__proto__", "a"]);
    expect(Object.getPrototypeOf(host.parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(host.map, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("runs getters and honours toJSON of the script's own objects", async () => {
    const script = "class Money { constructor(c) { this.c = c; } toJSON() { return (this.c / 100).toFixed(2) + ' EUR'; } }";
    expect(await serialize("{ get lazy() { return 'computed'; }, price: new Money(1250) }", script)).toBe(
      '{"lazy":"computed","price":"12.50 EUR"}',
    );
  });

  it("cannot be changed or broken by a script that overwrites built-ins", async () => {
    const sabotage = `
      Object.defineProperty(Object.getPrototypeOf(Uint8Array.prototype), "length", { get: () => 0 });
      JSON.stringify = () => "hijacked";
      Object.prototype.toJSON = function () { return "polluted"; };
      Array.prototype.toJSON = function () { return "polluted"; };
      Date.prototype.toISOString = () => "fake date";
      Date.prototype.toJSON = () => "fake date";
      BigInt.prototype.toJSON = () => "fake bigint";
      Array.prototype.map = Array.prototype.join = Array.prototype.push = () => { throw new Error("no arrays"); };
      Object.defineProperty(Array.prototype, "0", { set() { throw new Error("no index"); }, configurable: true });
      Object.keys = () => []; Array.isArray = () => false; Reflect.apply = () => { throw new Error("no apply"); };
      Map.prototype.forEach = Set.prototype.forEach = () => {};
      Set.prototype.has = Set.prototype.add = () => { throw new Error("no sets"); };
      Object.getPrototypeOf = () => null; String.fromCharCode = () => "?";
      globalThis.Uint8Array = function () { throw new Error("no bytes"); };
    `;
    const script = `const value = ${RICH_VALUE}; value.self = value;\n${sabotage}`;
    expect(JSON.parse(await serialize("value", script))).toEqual({ ...RICH_JSON, self: "[Circular]" });
  });

  it("writes deeply nested values, and fails cleanly on values nested past the stack", async () => {
    const nested = (depth: number) => `let v = [1]; for (let i = 0; i < ${depth}; i++) v = [v, { d: i }];`;
    const expected = (depth: number) => {
      let value: unknown = [1];
      for (let i = 0; i < depth; i++) value = [value, { d: i }];
      return JSON.stringify(value);
    };
    expect(await serialize("v", nested(300))).toBe(expected(300));
    // The engine's own JSON.stringify would overflow the host's stack here and leave the runtime unable to tear down.
    const outcome = await runInQuickJS(`(async () => {\n${nested(100_000)}\nreturn serialize(v);\n})()`, "test.js", SETUP);
    // The default QuickJS build names it InternalError, quickjs-ng RangeError.
    expect(outcome).toMatchObject({ status: "rejected", error: { message: expect.stringMatching(/stack overflow|call stack/i) } });
  });

  it("lets an error thrown by a getter reach the caller", async () => {
    const outcome = await runInQuickJS(
      "(async () => serialize({ get boom() { throw new Error('getter failed'); } }))()",
      "test.js",
      SETUP,
    );
    expect(outcome).toMatchObject({ status: "rejected", error: { message: "getter failed" } });
  });
});

import { newQuickJSWASMModuleFromVariant, type QuickJSContext, type QuickJSWASMModule } from "quickjs-emscripten-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKED_VALUES, GUEST_JSON_SOURCE, mayWriteNatively } from "./guest-json-source.js";
import { SERIALIZER_SOURCE } from "./serializer-source.js";

let module: QuickJSWASMModule;
let context: QuickJSContext;

beforeAll(async () => {
  module = await newQuickJSWASMModuleFromVariant(import("@jitl/quickjs-wasmfile-release-sync") as never);
  context = module.newContext();
});

afterAll(() => context.dispose());

/** The fast path's text for the value `expression` evaluates to in the guest, or undefined where it gives up. */
function fastJson(expression: string, native = false): string | undefined {
  const fast = context.unwrapResult(context.evalCode(GUEST_JSON_SOURCE));
  const value = context.unwrapResult(context.evalCode(`(${expression})`));
  const written = context.unwrapResult(context.callFunction(fast, context.undefined, value, native ? context.true : context.false));
  const json = context.typeof(written) === "string" ? context.getString(written) : undefined;
  for (const handle of [written, value, fast]) handle.dispose();
  return json;
}

/** The full serialiser's text for the value `expression` evaluates to. */
function serializerJson(expression: string): string {
  const serializer = context.unwrapResult(context.evalCode(SERIALIZER_SOURCE));
  const value = context.unwrapResult(context.evalCode(`(${expression})`));
  const written = context.unwrapResult(context.callFunction(serializer, context.undefined, value));
  const json = context.getString(written);
  for (const handle of [written, value, serializer]) handle.dispose();
  return json;
}

/** Built-in prototypes that carry a toJSON of their own right now, as a guest expression's answer. */
function ownToJSONs(): string {
  return context.dump(
    context.unwrapResult(
      context.evalCode(
        `[Map, Set, Error, Object.getPrototypeOf(Uint8Array), ArrayBuffer, DataView, Function, Object, Array]
          .filter((c) => Object.prototype.hasOwnProperty.call(c.prototype, "toJSON")).map((c) => c.name).join()`,
      ),
    ),
  ) as string;
}

/** An array of more values than the checked way takes, each `item`. */
const large = (item: string) => `Array.from({ length: ${CHECKED_VALUES} }, (_, i) => (${item}))`;

describe("GUEST_JSON_SOURCE", () => {
  it("checks values one by one up to CHECKED_VALUES", () => {
    expect(GUEST_JSON_SOURCE).toContain(`budget = ${CHECKED_VALUES};`);
  });

  it("writes plain objects and arrays as native JSON.stringify does", () => {
    const expression = `{ a: [1, "x", true, null, undefined, NaN], b: undefined, c: Object.assign(Object.create(null), { d: -0 }) }`;
    expect(fastJson(expression)).toBe('{"a":[1,"x",true,null,null,null],"c":{"d":0}}');
  });

  it("gives up at a Map nested deep in an otherwise plain array", () => {
    expect(fastJson(`[1, { a: [{ b: [2, { c: new Map([["k", 1]]) }] }] }]`)).toBeUndefined();
  });

  it("gives up at functions, symbols, BigInts, class instances and cycles", () => {
    for (const expression of [
      `{ f() {} }`,
      `[Symbol("s")]`,
      `{ n: 1n }`,
      `[new (class Point { x = 1 })()]`,
      `new Uint8Array(2)`,
      `[new Error("e")]`,
      `(() => { const o = { a: 1 }; o.self = o; return o; })()`,
    ]) {
      expect(fastJson(expression), expression).toBeUndefined();
    }
  });

  it("gives up while Object.prototype or Array.prototype lends every value a toJSON", () => {
    for (const prototype of ["Object", "Array"]) {
      context.unwrapResult(context.evalCode(`${prototype}.prototype.toJSON = () => "polluted";`)).dispose();
      try {
        expect(fastJson(`{ a: [1] }`), prototype).toBeUndefined();
      } finally {
        context.unwrapResult(context.evalCode(`delete ${prototype}.prototype.toJSON;`)).dispose();
      }
    }
    expect(fastJson(`{ a: [1] }`)).toBe('{"a":[1]}');
  });

  it("checks what toJSON returns like any other value", () => {
    expect(fastJson(`{ a: { toJSON: () => ({ b: 2 }) } }`)).toBe('{"a":{"b":2}}');
    expect(fastJson(`{ a: { toJSON: () => new Set([1]) } }`)).toBeUndefined();
  });
});

describe("GUEST_JSON_SOURCE written natively", () => {
  it("writes a large plain value as the checked way does", () => {
    const expression = large(`{ id: i, name: "item " + i, tags: ["a", i % 2 === 0], gone: undefined, n: null }`);
    expect(fastJson(expression, true)).toBe(fastJson(expression));
    expect(fastJson(expression, true)).toBe(serializerJson(expression));
  });

  it("writes what the serialiser writes for Dates, class instances, boxed primitives and null prototypes, small or large", () => {
    for (const item of [
      `new Date(Date.UTC(2026, 10, 30, i % 24))`,
      `new Date(NaN)`,
      `new (class Point { constructor() { this.x = i; this.y = [i]; } })()`,
      `[new Number(i), new String("s" + i), new Boolean(i % 2)]`,
      `Object.assign(Object.create(null), { i })`,
      `{ re: /x/g, when: new Date(0) }`,
    ]) {
      const one = `((i) => (${item}))(1)`;
      expect(fastJson(one, true), item).toBe(serializerJson(one));
      expect(fastJson(large(item), true), item).toBe(serializerJson(large(item)));
    }
  });

  it("gives up at what JSON writes otherwise, however deep in a large value, and leaves no toJSON behind", () => {
    for (const item of [
      `new Map([["k", i]])`,
      `new Set([i])`,
      `new Error("e" + i)`,
      `new (class E extends TypeError {})("x")`,
      `new Uint8Array([i])`,
      `new DataView(new ArrayBuffer(2))`,
      `new ArrayBuffer(2)`,
      `() => i`,
      `BigInt(i)`,
      `new (class M extends Map {})()`,
    ]) {
      expect(fastJson(`((i) => [${large("i")}, { deep: [{ at: ${item} }] }])(1)`, true), item).toBeUndefined();
      expect(ownToJSONs(), item).toBe("");
    }
  });

  it("gives up at a cycle in a large value", () => {
    expect(fastJson(`(() => { const list = ${large("i")}; list.push({ list }); return list; })()`, true)).toBeUndefined();
    expect(ownToJSONs()).toBe("");
  });

  it("gives up, and keeps it, while a built-in prototype has a toJSON of its own", () => {
    context.unwrapResult(context.evalCode(`Map.prototype.toJSON = () => "mine";`)).dispose();
    try {
      expect(fastJson(large("i"), true)).toBeUndefined();
      expect(ownToJSONs()).toBe("Map");
    } finally {
      context.unwrapResult(context.evalCode(`delete Map.prototype.toJSON;`)).dispose();
    }
    expect(fastJson(large("i"), true)).toBe(`[${Array.from({ length: CHECKED_VALUES }, (_, i) => i).join(",")}]`);
  });
});

describe("mayWriteNatively", () => {
  it("is false for a script that names Symbol, Reflect, Proxy or toJSON, anywhere in its text", () => {
    for (const source of [`return [Symbol("s")];`, `return Object.getOwnPropertySymbols(o);`, `return Reflect.ownKeys(o);`,
      `return new Proxy({}, {});`, `return { toJSON() { return new Map(); } };`, `// Symbol\nreturn 1;`]) {
      expect(mayWriteNatively(source), source).toBe(false);
    }
  });

  it("is true for a script that names none of them", () => {
    expect(mayWriteNatively(`const items = await tools.shop.list({}); return items.data.map((item) => ({ ...item, at: new Date() }));`)).toBe(true);
  });
});

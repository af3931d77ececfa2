import { newQuickJSWASMModuleFromVariant, type QuickJSContext, type QuickJSWASMModule } from "quickjs-emscripten-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_JSON_SOURCE } from "./guest-json-source.js";
import { createGuestEngine } from "./create-guest-engine.js";
import { runGuest, type GuestChannel } from "./run-guest.js";
import { prepareScript } from "../script/index.js";
import { SERIALIZER_SOURCE } from "../serializer/index.js";
import { compileQuickJSModule, memoryPages } from "./quickjs-module.js";
import type { RunDone } from "./protocol.js";

let module: QuickJSWASMModule;
let context: QuickJSContext;

beforeAll(async () => {
  module = await newQuickJSWASMModuleFromVariant(import("@jitl/quickjs-wasmfile-release-sync") as never);
  context = module.newContext();
});

afterAll(() => context.dispose());

/** The fast path's text for the value `expression` evaluates to in the guest, or undefined where it gives up. */
function fastJson(expression: string): string | undefined {
  const fast = context.unwrapResult(context.evalCode(GUEST_JSON_SOURCE));
  const value = context.unwrapResult(context.evalCode(`(${expression})`));
  const written = context.unwrapResult(context.callFunction(fast, context.undefined, value));
  const json = context.typeof(written) === "string" ? context.getString(written) : undefined;
  for (const handle of [written, value, fast]) handle.dispose();
  return json;
}

describe("GUEST_JSON_SOURCE", () => {
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

async function runOnce(code: string): Promise<RunDone | undefined> {
  const wasmModule = await compileQuickJSModule();
  const engine = await createGuestEngine({ wasmModule, ...memoryPages(16 * 1024 * 1024), serializerSource: SERIALIZER_SOURCE });
  const prepared = prepareScript(code, { maxCodeBytes: 10_000 });
  const channel: GuestChannel = { send: () => {}, wait: () => "timeout", isCancelled: () => false };
  let done: RunDone | undefined;
  const limits = { timeoutMs: 2000, memoryBytes: 16 * 1024 * 1024, maxStackBytes: 256 * 1024, maxHostCalls: 10, maxLogLines: 10, maxLogLineBytes: 100, maxOutputBytes: 1_000_000 };
  runGuest(engine, { type: "run", id: 1, source: prepared.source, fileName: prepared.fileName, limits, search: false }, channel, (d) => (done = d));
  return done;
}

describe("runGuest with the fast path", () => {
  it("still serialises a Map nested deep in an otherwise plain array per the serialiser", async () => {
    const done = await runOnce(`return [{ a: [1, { m: new Map([["k", new Set([1, 2])]]) }] }, "x"];`);
    expect(done?.outcome.resultJson).toBe('[{"a":[1,{"m":{"k":[1,2]}}]},"x"]');
  });

  it("hands a large result over as the UTF-8 bytes of its JSON", async () => {
    const done = await runOnce(`return Array.from({ length: 2000 }, (_, i) => ({ i, name: "é " + i }));`);
    const json = done?.outcome.resultJson;
    expect(json).toBeInstanceOf(Uint8Array);
    const expected = Array.from({ length: 2000 }, (_, i) => ({ i, name: `é ${i}` }));
    expect(JSON.parse(new TextDecoder().decode(json as Uint8Array))).toEqual(expected);
  });
});

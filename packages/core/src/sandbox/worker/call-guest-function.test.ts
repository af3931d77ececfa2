import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SERIALIZER_SOURCE } from "../../serializer/index.js";
import { compileQuickJSModule, memoryPages } from "../host/index.js";
import { callGuestFunction, hasDirectGuestCalls } from "./call-guest-function.js";
import { createGuestEngine, type GuestEngine } from "./create-guest-engine.js";

let engine: GuestEngine;
let runtime: QuickJSRuntime;
let context: QuickJSContext;

beforeAll(async () => {
  engine = await createGuestEngine({ wasmModule: await compileQuickJSModule(), ...memoryPages(8 * 1024 * 1024), serializerSource: SERIALIZER_SOURCE });
});

beforeEach(() => {
  runtime = engine.module.newRuntime();
  context = runtime.newContext();
});

// Freeing the runtime is QuickJS's own leak check: a result or an argument the call kept or lost aborts it.
afterEach(() => {
  context.dispose();
  runtime.dispose();
});

function evaluate(code: string): QuickJSHandle {
  return context.unwrapResult(context.evalCode(code));
}

describe("callGuestFunction", () => {
  it("calls directly with the quickjs-emscripten version the core pins", () => {
    expect(hasDirectGuestCalls(engine.module)).toBe(true);
  });

  it("passes the arguments and `this`, and returns the value as context.callFunction does", () => {
    const fn = evaluate(`(function (text, flag, object) { "use strict"; return { self: this === undefined, text, flag, sum: object.a + object.b }; })`);
    const object = evaluate(`({ a: 2, b: 3 })`);
    const text = context.newString("é😀 text");
    const direct = callGuestFunction(engine, context, fn, context.undefined, text, context.true, object);
    const generic = context.callFunction(fn, context.undefined, text, context.true, object).unwrap();
    expect("value" in direct && context.dump(direct.value)).toEqual({ self: true, text: "é😀 text", flag: true, sum: 5 });
    expect("value" in direct && context.dump(direct.value)).toEqual(context.dump(generic));
    generic.dispose();
    // The value is owned: it can be duplicated and freed like any handle of the context.
    if ("value" in direct) {
      const copy = direct.value.dup();
      direct.value.dispose();
      const sum = context.getProp(copy, "sum");
      expect(context.getNumber(sum)).toBe(5);
      sum.dispose();
      copy.dispose();
    }
    for (const handle of [fn, object, text]) handle.dispose();
  });

  it("returns what the function threw as an error handle", () => {
    const fn = evaluate(`(() => { throw new RangeError("too far"); })`);
    const result = callGuestFunction(engine, context, fn, context.undefined);
    expect(result.error && context.dump(result.error)).toMatchObject({ name: "RangeError", message: "too far" });
    result.error?.dispose();
    fn.dispose();
  });

  it("calls many times, and with more arguments than its buffer holds, without keeping anything", () => {
    const fn = evaluate(`((...values) => ({ count: values.length }))`);
    const args = Array.from({ length: 6 }, (_, index) => context.newNumber(index));
    for (let round = 0; round < 1000; round++) {
      const result = callGuestFunction(engine, context, fn, context.undefined, ...args.slice(0, round % 7));
      expect("value" in result && context.dump(result.value)).toEqual({ count: round % 7 });
      if ("value" in result) result.value.dispose();
    }
    for (const handle of [fn, ...args]) handle.dispose();
  });
});

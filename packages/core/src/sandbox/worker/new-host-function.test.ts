import { newQuickJSWASMModuleFromVariant, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime, type QuickJSSyncVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hasFastHostCalls, newHostFunction, type HostFunction } from "./new-host-function.js";

let module: QuickJSWASMModule;
let runtime: QuickJSRuntime;
let context: QuickJSContext;

beforeAll(async () => {
  const base = (await import("@jitl/quickjs-wasmfile-release-sync")) as unknown as { default: QuickJSSyncVariant };
  module = await newQuickJSWASMModuleFromVariant(base.default);
});

beforeEach(() => {
  runtime = module.newRuntime();
  context = runtime.newContext();
});

// Freeing the runtime is QuickJS's own leak check: a handle the bridge kept or forgot to free aborts it.
afterEach(() => {
  context.dispose();
  runtime.dispose();
});

function install(name: string, implementation: HostFunction): void {
  const handle = newHostFunction(module, context, name, implementation);
  context.setProp(context.global, name, handle);
  handle.dispose();
}

function run(code: string): unknown {
  const result = context.unwrapResult(context.evalCode(code));
  try {
    return context.dump(result);
  } finally {
    result.dispose();
  }
}

describe("newHostFunction", () => {
  it("takes the direct path with the quickjs-emscripten version the core pins", () => {
    install("host", () => undefined);
    expect(hasFastHostCalls(context)).toBe(true);
  });

  it("hands the implementation the guest's arguments and the guest the answer", () => {
    const seen: string[] = [];
    install("host", (args) => {
      for (const arg of args) seen.push(context.typeof(arg) === "string" ? context.getString(arg) : context.typeof(arg));
      return context.newString(`${args.length} arguments`);
    });
    expect(run(`host("tool", 42, { a: 1 }, "é😀")`)).toBe("4 arguments");
    expect(seen).toEqual(["tool", "number", "object", "é😀"]);
  });

  it("throws an answered error in the guest, and an exception of the implementation as an Error", () => {
    const printed = vi.spyOn(console, "error");
    install("refuse", () => ({ error: context.newError({ name: "RangeError", message: "too many calls" }) }));
    install("broken", () => {
      throw new TypeError("the bridge broke");
    });
    const caught = (call: string) => run(`(() => { try { ${call}; return "returned"; } catch (error) { return error.name + ": " + error.message; } })()`);
    expect(caught(`refuse()`)).toBe("RangeError: too many calls");
    expect(caught(`broken()`)).toBe("TypeError: the bridge broke");
    expect(printed).not.toHaveBeenCalled();
    printed.mockRestore();
  });

  it("lends each argument for the call only", () => {
    const kept: QuickJSHandle[] = [];
    install("keep", (args) => void kept.push(...args));
    run(`keep({ big: "object" }, "text")`);
    expect(kept.map((handle) => handle.alive)).toEqual([false, false]);
    expect(() => kept[0]!.dup()).toThrow();
  });

  it("leaves the context's other native functions on the generic path", () => {
    install("host", () => context.newNumber(1));
    const plain = context.newFunction("plain", (value: QuickJSHandle) => context.newNumber(context.getNumber(value) * 2));
    context.setProp(context.global, "plain", plain);
    plain.dispose();
    context.defineProp(context.global, "lazy", { configurable: true, get: () => context.newString("got") });
    expect(run(`[host(), plain(21), lazy]`)).toEqual([1, 42, "got"]);
  });

  it("answers many calls without keeping anything", () => {
    let calls = 0;
    install("host", () => {
      const answer = context.newObject();
      const count = context.newNumber(++calls);
      context.setProp(answer, "n", count);
      count.dispose();
      return answer;
    });
    expect(run(`let sum = 0; for (let i = 0; i < 10000; i++) sum += host("x").n; sum`)).toBe((10000 * 10001) / 2);
  });
});

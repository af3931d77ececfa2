import type { QuickJSContext, QuickJSWASMModule } from "quickjs-emscripten-core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadQuickJS } from "../script/__fixtures__/run-in-quickjs.js";
import { SESSION_STATE_SOURCE } from "./session-state-source.js";

let module: QuickJSWASMModule;
beforeAll(async () => {
  module = await loadQuickJS();
});

const SANDBOX = ["tools", "console", "args"];

/** Evaluates the piece in a fresh context, then `setup`, and returns the context and the piece. */
function realm(setup = ""): { context: QuickJSContext; call(method: string, ...args: (string | number)[]): unknown } {
  const context = module.newContext();
  // The sandbox's own `tools` (here a plain object) and the piece's own name are there before the piece, as in a run.
  const source = `globalThis.tools = { crm: {} }; globalThis.piece = null; piece = ${SESSION_STATE_SOURCE}(${JSON.stringify(SANDBOX)});`;
  context.unwrapResult(context.evalCode(source, "piece.js")).dispose();
  if (setup) context.unwrapResult(context.evalCode(setup, "setup.js")).dispose();
  return {
    context,
    call(method, ...args) {
      const handle = context.unwrapResult(context.evalCode(`piece.${method}(${args.map((a) => JSON.stringify(a)).join(",")})`));
      const value = context.dump(handle);
      handle.dispose();
      return value;
    },
  };
}

/** The state's text and the names not kept, from what `snapshot` answers. */
function split(written: string): [string, [string, string][]] {
  const at = written.indexOf("\n");
  return [written.slice(0, at), (JSON.parse(written.slice(at + 1)) as [[string, string][]])[0]];
}

/** Runs `code` in one realm, moves its state into a fresh realm, and evaluates `check` there. */
function roundTrip(code: string, check: string): { value: unknown; notKept: [string, string][]; failed: [string, string][]; state: string } {
  const first = realm();
  first.context.unwrapResult(first.context.evalCode(code, "script.js")).dispose();
  const [state, notKept] = split(first.call("snapshot", 1e7) as string);
  first.context.dispose();
  const second = realm();
  const failed = JSON.parse(second.call("restore", state) as string) as [string, string][];
  const handle = second.context.unwrapResult(second.context.evalCode(check, "check.js"));
  const value = second.context.dump(handle);
  handle.dispose();
  second.context.dispose();
  return { value, notKept, failed, state };
}

describe("SESSION_STATE_SOURCE", () => {
  it("keeps every encodable type", () => {
    const { value, notKept, failed } = roundTrip(
      `var m = new Map([[1, "one"], ["k", { deep: [1n] }]]), s = new Set([1, "a", m]), d = new Date(1700000000000), bad = new Date(NaN);
       var big = 12345678901234567890n, nums = [NaN, -0, Infinity, -Infinity, undefined, null, 1.5], sparse = [1, , 3];
       var buf = new ArrayBuffer(8), u8 = new Uint8Array(buf, 2, 4), f64 = new Float64Array([1.5, -2]), view = new DataView(buf, 1, 3);
       u8[0] = 200; u8[3] = 7; var re = /a+b/gi, err = new RangeError("out"), boxed = [new Number(3), new String("s"), Object(false)];
       var sym = Symbol("local"), reg = Symbol.for("shared"), keyed = { [sym]: 1 }; var frozen = Object.freeze({ a: 1 });
       var floor = Math.floor, maths = Math, proto = Array.prototype;
       var acc = { _v: 2, get v() { return this._v * 10 }, set v(x) { this._v = x } }, hidden = {}; Object.defineProperty(hidden, "h", { value: 1 });`,
      `[m.get(1), m.get("k").deep[0] === 1n, s.has(m), s.size, d.getTime(), isNaN(bad.getTime()), big === 12345678901234567890n,
        Object.is(nums[0], NaN), Object.is(nums[1], -0), nums[2] === Infinity, nums[3] === -Infinity, 4 in nums, nums[4] === undefined, 1 in sparse, sparse.length,
        u8.buffer === buf, view.buffer === buf, [...u8], u8.byteOffset, [...f64], view.getUint8(1), re.source, re.flags, re instanceof RegExp,
        err instanceof RangeError, err.message, boxed[0] instanceof Number, boxed[0] + 1, boxed[1].length, boxed[2].valueOf(),
        typeof sym, sym.description, keyed[sym], reg === Symbol.for("shared"), Object.isFrozen(frozen), floor === Math.floor, maths === Math,
        proto === Array.prototype, acc.v, (acc.v = 5, acc._v), Object.getOwnPropertyDescriptor(hidden, "h").enumerable]`,
    );
    expect(notKept).toEqual([]);
    expect(failed).toEqual([]);
    expect(value).toEqual([
      "one", true, true, 3, 1700000000000, true, true, true, true, true, true, true, true, false, 3,
      true, true, [200, 0, 0, 7], 2, [1.5, -2], 200, "a+b", "gi", true, true, "out", true, 4, 1, false,
      "symbol", "local", 1, true, true, true, true, true, 20, 5, false,
    ]);
  });

  it("keeps identity and cycles within one state", () => {
    const { value } = roundTrip(
      "var a = { name: 'a' }; var b = { a, list: [a] }; a.self = a; a.b = b; var same = a;",
      "[same === a, b.a === a, b.list[0] === a, a.self === a, a.b === b]",
    );
    expect(value).toEqual([true, true, true, true, true]);
  });

  it("keeps functions and classes by source, with their instances, statics and methods", () => {
    const { value, notKept } = roundTrip(
      `var base = 10; function add(n) { return n + base } var twice = (n) => n * 2; var named = function () { return 1 };
       var Shape = class Shape { static made = 0; constructor(size) { this.size = size; Shape.made++ } area() { return this.size * this.size } };
       var Square = class Square extends Shape { describe() { return "square " + this.area() } };
       function Legacy(x) { this.x = x } Legacy.prototype.double = function () { return this.x * 2 };
       var sq = new Square(3), legacy = new Legacy(4), obj = { m(a) { return a + 1 }, async am() { return 2 } }, made = Shape.made;`,
      `[add(1), twice(4), named.name, twice.name, sq instanceof Square, sq instanceof Shape, sq.describe(), Shape.made, made,
        legacy.double(), legacy instanceof Legacy, obj.m(1), typeof obj.am, new Square(2).area()]`,
    );
    expect(notKept).toEqual([]);
    expect(value).toEqual([11, 8, "named", "twice", true, true, "square 9", 1, 1, 8, true, 2, "function", 4]);
  });

  it("names what it cannot keep, and keeps the rest", () => {
    const first = realm();
    first.context.unwrapResult(first.context.evalCode(
      "var p = Promise.resolve(1), w = new WeakMap(), holder = { inner: { p } }, it = [1].values(), bound = (() => 1).bind(null), t = tools, fine = 1",
      "script.js",
    )).dispose();
    // `tools` stands for the sandbox's object: the realm's own name, here a plain object.
    const notKept = split(first.call("snapshot", 1e7) as string)[1];
    expect(notKept).toEqual([
      ["p", "p is a Promise"],
      ["w", "w is a WeakMap"],
      ["holder", "holder.inner.p is a Promise"],
      ["it", "it is an iterator or generator"],
      ["bound", "bound is a built-in or bound function"],
      ["t", "t is a sandbox object"],
    ]);
  });
});

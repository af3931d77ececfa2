import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ExecutionResult } from "../envelopes/index.js";
import { createMemorySessionStore } from "../session/index.js";
import { defineTool } from "../tools/index.js";
import type { CodeMode, CreateCodeModeOptions } from "./code-mode.js";
import { createCodeMode } from "./create-code-mode.js";

// Every session run restores the session's state into a fresh realm of a pool worker: these tests say what survives.

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

let entered = deferred();
let release = deferred();
const hold = defineTool({
  name: "clock.hold",
  description: "Waits until released.",
  inputSchema: z.object({}),
  execute: async () => {
    entered.resolve();
    await release.promise;
    return {};
  },
});

const fail = defineTool({
  name: "clock.fail",
  description: "Always fails.",
  inputSchema: z.object({}),
  execute: async () => {
    throw new Error("broken");
  },
});

const opened: CodeMode[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((codeMode) => codeMode.close()));
});

function open(options: CreateCodeModeOptions = {}): CodeMode {
  const codeMode = createCodeMode({ tools: [hold, fail], poolSize: 1, sessions: {}, ...options });
  opened.push(codeMode);
  return codeMode;
}

function completed(result: ExecutionResult): ExecutionResult {
  expect(result.error).toBeNull();
  return result;
}

const notKept = (result: ExecutionResult) => result.diagnostics.filter((diagnostic) => diagnostic.code === "session_not_kept");

describe("createCodeMode sessions between executions", () => {
  it("keeps every encodable type, with identity, cycles, prototypes and property flags", async () => {
    const codeMode = open();
    const first = completed(
      await codeMode.execute(
        `const m = new Map([[1, "one"], [{ k: 1 }, new Set([2n])]]); const s = new Set(["a", m]); const d = new Date(1700000000000);
         const big = 2n ** 70n; const odd = [NaN, -0, Infinity, undefined, null]; const holes = [1, , 3];
         const buffer = new ArrayBuffer(8); const bytes = new Uint8Array(buffer, 2, 4); bytes[0] = 255; const view = new DataView(buffer);
         const floats = new Float64Array([0.5]); const re = /x+/gi; const err = new TypeError("bad"); const sym = Symbol("mine");
         const keyed = { [sym]: "by symbol" }; const frozen = Object.freeze({ f: 1 }); const { max } = Math;
         const shared = { tag: "shared" }; const pair = { left: shared, right: shared }; shared.back = pair;
         const hidden = Object.defineProperty({}, "secret", { value: 42, enumerable: false });
         const account = { balance: 5, get doubled() { return this.balance * 2 } };
         class Counter { static made = 0; constructor(n) { this.n = n; Counter.made++ } next() { return ++this.n } }
         const counter = new Counter(10);
         function Legacy(v) { this.v = v } Legacy.prototype.twice = function () { return this.v * 2 }; const legacy = new Legacy(21);
         let total = 0; function add(n) { total += n; return total } const arrow = (x) => x + total;`,
        { sessionId: "new" },
      ),
    );
    expect(notKept(first)).toEqual([]);
    const next = completed(
      await codeMode.execute(
        `return [m.get(1), [...m.keys()][1].k, [...m.values()][1].has(2n), s.has(m), d.toISOString(), big === 2n ** 70n,
          Object.is(odd[0], NaN), Object.is(odd[1], -0), odd[2] === Infinity, 3 in odd, holes.length, 1 in holes,
          bytes.buffer === buffer, view.buffer === buffer, view.getUint8(2), [...bytes], floats[0], re.test("xx"), re.lastIndex,
          err instanceof TypeError, err.message, typeof sym, keyed[sym], Object.isFrozen(frozen), max === Math.max,
          pair.left === pair.right, shared.back === pair, hidden.secret, Object.keys(hidden).length, account.doubled,
          counter instanceof Counter, counter.next(), Counter.made, legacy.twice(), legacy instanceof Legacy, add(2), arrow(1)]`,
        { sessionId: first.sessionId! },
      ),
    );
    expect(next.result).toEqual([
      "one", 1, true, true, "2023-11-14T22:13:20.000Z", true, true, true, true, true, 3, false,
      true, true, 255, [255, 0, 0, 0], 0.5, true, 2, true, "bad", "symbol", "by symbol", true, true,
      true, true, 42, 0, 10, true, 11, 1, 42, true, 2, 3,
    ]);
    // And again: what was restored is kept as well as what was written.
    expect((await codeMode.execute("return [counter.next(), add(1), Counter.made]", { sessionId: first.sessionId! })).result).toEqual([12, 3, 1]);
  });

  it("says which names are not kept: a closure over an inner scope, a promise, a sandbox object", async () => {
    const codeMode = open();
    const first = completed(
      await codeMode.execute(
        `function makeCounter() { let n = 0; return () => ++n }
         const counter = makeCounter(); const pending = Promise.resolve(1); const t = tools; const fine = [1, 2];
         const holder = { inc: counter };`,
        { sessionId: "new" },
      ),
    );
    const [diagnostic] = notKept(first);
    expect(diagnostic?.message).toMatch(/^Not kept for the session's next execution: /);
    for (const name of ["counter", "pending", "t", "holder"]) expect(diagnostic?.message).toContain(name);
    expect(diagnostic?.message).toContain("counter is or holds a closure over an inner scope");
    expect(diagnostic?.message).toContain("pending is a Promise");
    expect(diagnostic?.message).toContain("t is a sandbox object");
    const next = completed(await codeMode.execute("return [typeof counter, typeof pending, typeof t, typeof holder, fine, makeCounter()()]", { sessionId: first.sessionId! }));
    expect(next.result).toEqual(["undefined", "undefined", "undefined", "undefined", [1, 2], 1]);
  });

  it("reports a closure made by a kept function in a later execution, even when a global of the same name exists", async () => {
    const codeMode = open();
    const { sessionId } = completed(await codeMode.execute("let n = 100; function makeCounter() { let n = 0; return () => ++n }", { sessionId: "new" }));
    const second = completed(await codeMode.execute("const counter = makeCounter(); counter(); return counter()", { sessionId: sessionId! }));
    expect(second.result).toBe(2);
    expect(notKept(second)[0]?.message).toContain("counter is or holds a closure over an inner scope");
    expect((await codeMode.execute("return [typeof counter, n]", { sessionId: sessionId! })).result).toEqual(["undefined", 100]);
  });

  it("keeps top-level functions that refer to globals defined later", async () => {
    const codeMode = open();
    const { sessionId } = completed(await codeMode.execute("function greet() { return prefix() + '!' }", { sessionId: "new" }));
    const next = completed(await codeMode.execute("function prefix() { return 'hi' } return greet()", { sessionId: sessionId! }));
    expect(notKept(next)).toEqual([]);
    expect(next.result).toBe("hi!");
  });

  it("keeps a caught ToolCallError with its class", async () => {
    const codeMode = open({ callStyle: "value" });
    const first = completed(await codeMode.execute("let caught; try { await tools.clock.fail({}) } catch (error) { caught = error }", { sessionId: "new" }));
    expect(notKept(first)).toEqual([]);
    const next = completed(await codeMode.execute("return [caught instanceof ToolCallError, caught instanceof Error, caught.message]", { sessionId: first.sessionId! }));
    expect(next.result).toEqual([true, true, expect.stringContaining("broken")]);
  });

  it("does not keep instances of a class with private fields, but keeps the class", async () => {
    const codeMode = open();
    const first = completed(await codeMode.execute("class Vault { #code = 7; open() { return this.#code } } const vault = new Vault();", { sessionId: "new" }));
    expect(notKept(first)[0]?.message).toContain("vault is or holds an instance of a class with private (#) members");
    expect((await codeMode.execute("return [typeof vault, new Vault().open()]", { sessionId: first.sessionId! })).result).toEqual(["undefined", 7]);
  });

  it("keeps the state from before an execution whose state is over maxStateBytes, and says so", async () => {
    const codeMode = open({ sessions: { maxStateBytes: 10_000 } });
    const { sessionId } = completed(await codeMode.execute("const small = 'yes'", { sessionId: "new" }));
    const big = completed(await codeMode.execute("const big = 'x'.repeat(20_000); small = 'changed'", { sessionId: sessionId! }));
    expect(notKept(big)[0]?.message).toMatch(/over sessions\.maxStateBytes \(10000\): none of it was kept; the session keeps the state from before/);
    expect((await codeMode.execute("return [small, typeof big]", { sessionId: sessionId! })).result).toEqual(["yes", "undefined"]);
  });

  it("fails an execution with InternalError when the store fails, naming it", async () => {
    const store = createMemorySessionStore();
    const failing = { ...store, lease: () => Promise.reject(new Error("connection refused")) };
    const codeMode = open({ sessions: { store: failing } });
    const { sessionId } = completed(await codeMode.execute("const kept = 1", { sessionId: "new" }));
    const result = await codeMode.execute("return kept", { sessionId: sessionId! });
    expect(result.error).toMatchObject({ kind: "InternalError", message: "The session store failed: connection refused" });
  });

  it("lets one execution at a time resume a session shared by two code modes through one store", async () => {
    const store = createMemorySessionStore();
    const one = open({ sessions: { store } });
    const two = open({ sessions: { store } });
    const { sessionId } = completed(await one.execute("const order = []", { sessionId: "new", owner: "ana" }));
    entered = deferred();
    release = deferred();
    const first = one.execute("order.push('one starts'); await tools.clock.hold({}); order.push('one ends')", { sessionId: sessionId!, owner: "ana" });
    await entered.promise;
    // The other code mode (another process, in a deployment) waits for the lease rather than resuming it too.
    const second = two.execute("order.push('two'); return order", { sessionId: sessionId!, owner: "ana" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release.resolve();
    completed(await first);
    expect(completed(await second).result).toEqual(["one starts", "one ends", "two"]);
    expect((await two.execute("return order", { sessionId: sessionId!, owner: "bob" })).error?.kind).toBe("SessionNotFound");
  });
});

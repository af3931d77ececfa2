import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ExecutionResult } from "../envelopes/index.js";
import { createMemorySessionStore, type SessionStore } from "../session/index.js";
import { defineTool } from "../tools/index.js";
import type { CodeMode, CreateCodeModeOptions } from "./code-mode.js";
import { createCodeMode } from "./create-code-mode.js";

// Sessions that leave their worker (hibernate) and come back from their snapshot in the store: what survives, what is
// reported, and how code modes sharing one store (processes, in a deployment) take turns.

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

/**
 * A code mode whose idle sessions hibernate 1 ms after each execution. Unchecked: the tests time hibernations between
 * runs, and a check before each run would give a session time to hibernate where the test does not expect it.
 */
function open(options: CreateCodeModeOptions = {}): CodeMode {
  const codeMode = createCodeMode({ tools: [hold, fail], poolSize: 1, check: "off", ...options, sessions: { hibernateAfterMs: 1, ...options.sessions } });
  opened.push(codeMode);
  return codeMode;
}

/**
 * Lets the 1 ms hibernation timer set as the last execution ended fire: timers fire in the order they fall due, so
 * it has fired (and queued the hibernation, which the next execution waits for) before this one.
 */
const idle = () => new Promise((resolve) => setTimeout(resolve, 20));

function completed(result: ExecutionResult): ExecutionResult {
  expect(result.error).toBeNull();
  return result;
}

const notKept = (result: ExecutionResult) => result.diagnostics.filter((diagnostic) => diagnostic.code === "session_not_kept");

/** A memory store that counts the states saved into it. */
function countingStore(): SessionStore & { saves: number } {
  const store = createMemorySessionStore();
  const counted = {
    ...store,
    saves: 0,
    release: (id: string, token: string, update: { state?: string; ttlMs: number }) => {
      if (update.state !== undefined) counted.saves++;
      return store.release(id, token, update);
    },
  };
  return counted;
}

describe("createCodeMode sessions that hibernate", () => {
  it("keeps every encodable type across a hibernation, with identity, cycles, functions and classes", async () => {
    const store = countingStore();
    const codeMode = open({ sessions: { store: undefined } });
    const other = open({ sessions: { store } });
    for (const mode of [codeMode, other]) {
      const first = completed(
        await mode.execute(
          `const m = new Map([[1, "one"], [{ k: 1 }, new Set([2n])]]); const s = new Set(["a", m]); const d = new Date(1700000000000);
           const big = 2n ** 70n; const odd = [NaN, -0, Infinity, undefined, null]; const holes = [1, , 3];
           const buffer = new ArrayBuffer(8); const bytes = new Uint8Array(buffer, 2, 4); bytes[0] = 255; const view = new DataView(buffer);
           const floats = new Float64Array([0.5]); const re = /x+/gi; re.test("xx"); const err = new TypeError("bad");
           const shared = { tag: "shared" }; const pair = { left: shared, right: shared }; shared.back = pair;
           class Counter { static made = 0; constructor(n) { this.n = n; Counter.made++ } next() { return ++this.n } }
           const counter = new Counter(10);
           let total = 0; function add(n) { total += n; return total } const arrow = (x) => x + total;`,
          { sessionId: "new" },
        ),
      );
      await idle();
      const next = completed(
        await mode.execute(
          `return [m.get(1), [...m.keys()][1].k, [...m.values()][1].has(2n), s.has(m), d.toISOString(), big === 2n ** 70n,
            Object.is(odd[0], NaN), Object.is(odd[1], -0), odd[2] === Infinity, 3 in odd, holes.length, 1 in holes,
            bytes.buffer === buffer, view.buffer === buffer, view.getUint8(2), [...bytes], floats[0], re.lastIndex,
            err instanceof TypeError, err.message, pair.left === pair.right, shared.back === pair,
            counter instanceof Counter, counter.next(), Counter.made, add(2), arrow(1)]`,
          { sessionId: first.sessionId! },
        ),
      );
      expect(notKept(next)).toEqual([]);
      expect(next.result).toEqual([
        "one", 1, true, true, "2023-11-14T22:13:20.000Z", true, true, true, true, true, 3, false,
        true, true, 255, [255, 0, 0, 0], 0.5, 2, true, "bad", true, true, true, 11, 1, 2, 3,
      ]);
      await idle();
      // And again: what was restored hibernates as well as what was written.
      expect((await mode.execute("return [counter.next(), add(1), Counter.made]", { sessionId: first.sessionId! })).result).toEqual([12, 3, 1]);
    }
    // The shared store got a state after every execution.
    expect(store.saves).toBe(3);
  });

  it("keeps a closure while the session is live, and names it in the first execution that runs without it", async () => {
    const codeMode = open({ sessions: { hibernateAfterMs: 60_000, maxLiveSessions: 1 } });
    const first = completed(
      await codeMode.execute(
        `function makeCounter() { let n = 0; return () => ++n }
         const counter = makeCounter(); const pending = Promise.resolve(1); const t = tools; const fine = [1, 2];
         const holder = { inc: counter }; counter();`,
        { sessionId: "new" },
      ),
    );
    expect(notKept(first)).toEqual([]);
    // Live: the closure is still there.
    expect(completed(await codeMode.execute("return counter()", { sessionId: first.sessionId! })).result).toBe(2);
    // A second session takes the one live place: the first hibernates.
    completed(await codeMode.execute("const other = 1", { sessionId: "new" }));
    const next = completed(
      await codeMode.execute("return [typeof counter, typeof pending, typeof t, typeof holder, fine, makeCounter()()]", { sessionId: first.sessionId! }),
    );
    expect(next.result).toEqual(["undefined", "undefined", "undefined", "undefined", [1, 2], 1]);
    const [diagnostic] = notKept(next);
    for (const name of ["counter", "pending", "t", "holder"]) expect(diagnostic?.message).toContain(name);
    expect(diagnostic?.message).toContain("counter is or holds a closure over an inner scope");
    expect(diagnostic?.message).toContain("pending is a Promise");
    expect(diagnostic?.message).toContain("t is a sandbox object");
    // Said once: the execution after it has nothing to report.
    await idle();
    expect(notKept(completed(await codeMode.execute("return fine", { sessionId: first.sessionId! })))).toEqual([]);
  });

  it("checks a deep chain that ends in a closure in one pass, leaving out only what reaches the closure", async () => {
    const codeMode = open({ sessions: { hibernateAfterMs: 60_000, maxLiveSessions: 1, maxStateBytes: 32 * 1024 * 1024 } });
    // 1,000 links to a closure beside 100,000 other objects: the shape that cost depth x nodes (10^8) to check.
    const first = completed(
      await codeMode.execute(
        `function make() { let n = 0; return () => ++n }
         const end = { f: make() }; let chain = end;
         for (let i = 0; i < 1000; i++) chain = { next: chain };
         const wide = Array.from({ length: 100000 }, (_, i) => ({ i }));
         const kept = [1, 2];`,
        { sessionId: "new" },
      ),
    );
    completed(await codeMode.execute("const other = 1", { sessionId: "new" }));
    const next = completed(await codeMode.execute("return [typeof chain, typeof end, wide.length, kept]", { sessionId: first.sessionId! }));
    expect(next.result).toEqual(["undefined", "undefined", 100000, [1, 2]]);
    expect(notKept(next)[0]?.message).toContain("chain is or holds a closure over an inner scope");
  }, 60_000);

  it("moves sessions past maxLiveSessions to their snapshots and back, each keeping its own state", async () => {
    const codeMode = open({ sessions: { hibernateAfterMs: 60_000, maxLiveSessions: 2 } });
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push(completed(await codeMode.execute(`const mine = ${index}; const seen = new Set([${index}]);`, { sessionId: "new" })).sessionId!);
    }
    for (let round = 0; round < 2; round++) {
      for (const [index, id] of ids.entries()) {
        const result = completed(await codeMode.execute(`seen.add(${round}); return [mine, seen.size]`, { sessionId: id }));
        expect(result.result).toEqual([index, index === 0 || (index === 1 && round === 1) ? 1 + round : 2 + round]);
      }
    }
  });

  it("keeps top-level functions that refer to globals defined later, a caught ToolCallError, and the class of a private one", async () => {
    const codeMode = open({ callStyle: "value" });
    const first = completed(
      await codeMode.execute(
        `function greet() { return prefix() + '!' }
         let caught; try { await tools.clock.fail({}) } catch (error) { caught = error }
         class Vault { #code = 7; open() { return this.#code } } const vault = new Vault();`,
        { sessionId: "new" },
      ),
    );
    await idle();
    const next = completed(
      await codeMode.execute(
        "function prefix() { return 'hi' } return [greet(), caught instanceof ToolCallError, caught.message, typeof vault, new Vault().open()]",
        { sessionId: first.sessionId! },
      ),
    );
    expect(next.result).toEqual(["hi!", true, expect.stringContaining("broken"), "undefined", 7]);
    expect(notKept(next)[0]?.message).toContain("vault is or holds an instance of a class with private (#) members");
  });

  it("says so when a state over maxStateBytes could not be kept", async () => {
    const codeMode = open({ sessions: { maxStateBytes: 10_000 } });
    const { sessionId } = completed(await codeMode.execute("const small = 'yes'; const big = 'x'.repeat(20_000)", { sessionId: "new" }));
    await idle();
    const next = completed(await codeMode.execute("return [small, typeof big]", { sessionId: sessionId! }));
    expect(next.result).toEqual(["yes", "undefined"]);
    expect(notKept(next)[0]?.message).toMatch(/big.*over 10000/);
  });

  it("goes on from the last snapshot when the worker is stopped mid-run, saying what was lost", async () => {
    const codeMode = open({ limits: { memoryBytes: 8 * 1024 * 1024 } });
    const { sessionId } = completed(await codeMode.execute("let kept = 1", { sessionId: "new" }));
    await idle();
    completed(await codeMode.execute("kept = 2", { sessionId: sessionId!, signal: undefined }));
    const bomb = await codeMode.execute("kept = 3; const keep = []; while (true) keep.push(new Array(1e5).fill(7));", { sessionId: sessionId! });
    expect(bomb.error?.kind).toBe("MemoryLimitExceeded");
    expect(bomb.error?.message).toMatch(/the session goes on from that snapshot/);
    expect(bomb.sessionId).toBe(sessionId);
    // The snapshot was taken when the session first hibernated, with kept = 1; the next run restores it.
    expect(completed(await codeMode.execute("return kept", { sessionId: sessionId! })).result).toBe(1);
  });

  it("lets two code modes sharing one store take turns: each sees the other's state, and a stale live copy is not used", async () => {
    const store = createMemorySessionStore();
    const one = open({ sessions: { store, hibernateAfterMs: 60_000 } });
    const two = open({ sessions: { store, hibernateAfterMs: 60_000 } });
    const { sessionId } = completed(await one.execute("const order = ['one']", { sessionId: "new", owner: "ana" }));
    expect(completed(await two.execute("order.push('two'); return order", { sessionId: sessionId!, owner: "ana" })).result).toEqual(["one", "two"]);
    // `one` still holds its live copy with ['one']: the store's newer version makes it restore instead.
    expect(completed(await one.execute("order.push('one again'); return order", { sessionId: sessionId!, owner: "ana" })).result).toEqual([
      "one",
      "two",
      "one again",
    ]);
    expect((await two.execute("return order", { sessionId: sessionId!, owner: "bob" })).error?.kind).toBe("SessionNotFound");
  });

  it("makes an execution of a session another code mode is running wait for the lease", async () => {
    const store = createMemorySessionStore();
    const one = open({ sessions: { store } });
    const two = open({ sessions: { store } });
    const { sessionId } = completed(await one.execute("const order = []", { sessionId: "new", owner: "ana" }));
    entered = deferred();
    release = deferred();
    const first = one.execute("order.push('one starts'); await tools.clock.hold({}); order.push('one ends')", { sessionId: sessionId!, owner: "ana" });
    await entered.promise;
    const second = two.execute("order.push('two'); return order", { sessionId: sessionId!, owner: "ana" });
    // `two` asks for the lease, finds it busy and backs off; it runs only once `one` has saved.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release.resolve();
    completed(await first);
    expect(completed(await second).result).toEqual(["one starts", "one ends", "two"]);
  });

  it("gives up waiting for a busy session at the deadline, or when the signal aborts", async () => {
    const store = createMemorySessionStore();
    const one = open({ sessions: { store } });
    const two = open({ sessions: { store }, limits: { timeoutMs: 300 } });
    const { sessionId } = completed(await one.execute("const x = 1", { sessionId: "new" }));
    entered = deferred();
    release = deferred();
    const first = one.execute("await tools.clock.hold({})", { sessionId: sessionId! });
    await entered.promise;
    const late = await two.execute("return x", { sessionId: sessionId! });
    expect(late.error).toMatchObject({ kind: "TimeoutExceeded", message: expect.stringMatching(/busy with another execution/) });
    const controller = new AbortController();
    const cancelled = two.execute("return x", { sessionId: sessionId!, signal: controller.signal });
    controller.abort();
    expect((await cancelled).error?.kind).toBe("Cancelled");
    release.resolve();
    completed(await first);
  });

  it("fails a session's execution with SessionUnavailable when the store rejects, naming its error, and leaves plain runs alone", async () => {
    const store = createMemorySessionStore();
    let down = false;
    const failing: SessionStore = {
      create: (...args) => (down ? Promise.reject(new Error("connection refused")) : store.create(...args)),
      acquire: (...args) => (down ? Promise.reject(new Error("connection refused")) : store.acquire(...args)),
      renew: (...args) => store.renew(...args),
      release: (...args) => (down ? Promise.reject(new Error("connection refused")) : store.release(...args)),
      delete: (...args) => store.delete(...args),
    };
    const codeMode = open({ sessions: { store: failing } });
    const { sessionId } = completed(await codeMode.execute("const kept = 1", { sessionId: "new" }));
    down = true;
    for (const id of [sessionId!, "new"]) {
      const result = await codeMode.execute("return kept", { sessionId: id });
      expect(result.status).toBe("failed");
      expect(result.error?.kind).toBe("SessionUnavailable");
      expect(result.error?.message).toMatch(/^The session store failed \(connection refused\)\. Nothing ran; try again/);
    }
    expect(completed(await codeMode.execute("return 2")).result).toBe(2);
    down = false;
    expect(completed(await codeMode.execute("return kept", { sessionId: sessionId! })).result).toBe(1);
  });

  it("runs a session whose stored snapshot cannot be read without it, saying so, and saves a good one after", async () => {
    const store = createMemorySessionStore();
    const codeMode = open({ sessions: { store } });
    const { sessionId } = completed(await codeMode.execute("const before = 1", { sessionId: "new" }));
    // Another writer of the shared store left text that is no snapshot.
    const lease = await store.acquire(sessionId!, "", 1000);
    if (typeof lease === "string") throw new Error(`expected a lease, got ${lease}`);
    await store.release(sessionId!, lease.token, { state: "[]\n{not json", ttlMs: 60_000 });
    const next = completed(await codeMode.execute("const after = 2; return typeof before", { sessionId: sessionId! }));
    expect(next.result).toBe("undefined");
    expect(notKept(next)[0]?.message).toMatch(/every variable \(none was restored: the snapshot could not be read/);
    await idle();
    expect(completed(await codeMode.execute("return after", { sessionId: sessionId! })).result).toBe(2);
  });

  it("waits for a worker when every live session is running, and gives up when its signal aborts", async () => {
    const codeMode = open({ sessions: { maxLiveSessions: 1, hibernateAfterMs: 60_000 } });
    const { sessionId } = completed(await codeMode.execute("const x = 1", { sessionId: "new" }));
    entered = deferred();
    release = deferred();
    const busy = codeMode.execute("await tools.clock.hold({}); return x", { sessionId: sessionId! });
    await entered.promise;
    // One live session and one spare: the second new session takes the spare, and runs until released too.
    entered = deferred();
    const second = codeMode.execute("await tools.clock.hold({}); return 2", { sessionId: "new" });
    await entered.promise;
    // Both workers run a session: the third waits for one, until its signal aborts.
    const controller = new AbortController();
    const third = codeMode.execute("return 3", { sessionId: "new", signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    expect((await third).error?.kind).toBe("Cancelled");
    release.resolve();
    expect(completed(await busy).result).toBe(1);
    expect(completed(await second).result).toBe(2);
    expect(completed(await codeMode.execute("return 4", { sessionId: "new" })).result).toBe(4);
  });

  it("holds 1,000 hibernated sessions open, each resuming its own state", async () => {
    const codeMode = open({ sessions: { hibernateAfterMs: 60_000, maxLiveSessions: 4 } });
    const ids: string[] = [];
    const batch = 8;
    for (let start = 0; start < 1000; start += batch) {
      const made = await Promise.all(
        Array.from({ length: batch }, (_, offset) => codeMode.execute(`const n = ${start + offset}; const tags = new Map([["n", n]]);`, { sessionId: "new" })),
      );
      for (const result of made) ids.push(completed(result).sessionId!);
    }
    expect(new Set(ids).size).toBe(1000);
    for (const index of [0, 1, 499, 998, 999]) {
      expect(completed(await codeMode.execute("return [n, tags.get('n')]", { sessionId: ids[index]! })).result).toEqual([index, index]);
    }
  }, 120_000);
});

import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { isCodeModeError } from "../errors/index.js";
import { defineTool } from "../tools/index.js";
import type { CodeMode, CreateCodeModeOptions } from "./code-mode.js";
import { createCodeMode } from "./create-code-mode.js";
import type { ExecutionResult } from "../envelopes/index.js";

// Threads of this process (Linux): a session's worker that outlives its session keeps this count up.
const threadCount = (): number => Number(/^Threads:\s+(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);

const wait = defineTool({
  name: "clock.wait",
  description: "Waits, then answers with what it was given.",
  inputSchema: z.object({ ms: z.number(), tag: z.string() }),
  execute: async ({ ms, tag }) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { tag };
  },
});

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

// A call that waits until the test lets it go, so "this session is running" needs no timing.
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

const opened: CodeMode[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((codeMode) => codeMode.close()));
});

function open(options: CreateCodeModeOptions = {}): CodeMode {
  const codeMode = createCodeMode({ tools: [wait, hold], poolSize: 1, sessions: {}, ...options });
  opened.push(codeMode);
  return codeMode;
}

function completed(result: ExecutionResult): ExecutionResult {
  expect(result.error).toBeNull();
  return result;
}

describe("createCodeMode", () => {
  it("keeps a session's top-level variables, functions and classes for its next execution", async () => {
    const codeMode = open();
    const first = completed(await codeMode.execute("const a = 1; let b = 2; var c = 3; d = 4;\nfunction sum() { return a + b + c + d }\nclass Point { constructor(x) { this.x = x } }", { sessionId: "new", owner: "ana" }));
    expect(first.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const second = completed(await codeMode.execute("b += 10; return [sum(), new Point(7).x]", { sessionId: first.sessionId!, owner: "ana" }));
    expect(second.result).toEqual([20, 7]);
    expect(second.sessionId).toBe(first.sessionId);
    expect((await codeMode.execute("return b", { sessionId: first.sessionId!, owner: "ana" })).result).toBe(12);
  });

  it("gives every run of a session its own tools, console and args", async () => {
    const codeMode = open();
    const { sessionId } = completed(await codeMode.execute("const seen = [args[0]]; const r = await tools.clock.wait({ ms: 1, tag: 'one' }); seen.push(r.data.tag)", { sessionId: "new", args: ["first"] }));
    const later = completed(await codeMode.execute("console.log('two'); const r = await tools.clock.wait({ ms: 1, tag: 'two' }); seen.push(args[0], r.data.tag); return seen", { sessionId: sessionId!, args: ["second"] }));
    expect(later.result).toEqual(["first", "one", "second", "two"]);
    expect(later.logs).toEqual(["two"]);
    expect(later.toolCalls.map((call) => call.ok)).toEqual([true]);
  });

  it("loads tools, console and args in a later run when the first never touched them", async () => {
    const codeMode = open({ callStyle: "value" });
    const { sessionId } = completed(await codeMode.execute("const base = 1", { sessionId: "new" }));
    const later = completed(await codeMode.execute("console.log(args.who); const r = await tools.clock.wait({ ms: 1, tag: 'late' }); return [base, r.tag, typeof ToolCallError]", { sessionId: sessionId!, args: { who: "me" } }));
    expect(later.result).toEqual([1, "late", "function"]);
    expect(later.logs).toEqual(["me"]);
  });

  it("keeps separate sessions, and plain executions, apart", async () => {
    const codeMode = open();
    const one = completed(await codeMode.execute("const who = 'one'", { sessionId: "new" }));
    const two = completed(await codeMode.execute("const who = 'two'", { sessionId: "new" }));
    expect(two.sessionId).not.toBe(one.sessionId);
    expect((await codeMode.execute("return who", { sessionId: one.sessionId! })).result).toBe("one");
    expect((await codeMode.execute("return who", { sessionId: two.sessionId! })).result).toBe("two");
    const plain = await codeMode.execute("return typeof who");
    expect(plain.result).toBe("undefined");
    expect(plain.sessionId).toBeUndefined();
  });

  it("answers an unknown id and another owner's id alike, creating nothing, and the session stays as it was", async () => {
    // With room for one session, a failed attempt that created one would have ended ana's.
    const codeMode = open({ sessions: { maxSessions: 1 } });
    const { sessionId } = completed(await codeMode.execute("const secret = 42", { sessionId: "new", owner: "ana" }));
    const stolen = await codeMode.execute("return secret", { sessionId: sessionId!, owner: "bob" });
    const unknown = await codeMode.execute("return secret", { sessionId: "00000000-0000-4000-8000-000000000000", owner: "ana" });
    // An id of megabytes is answered alike, quoted by its start only.
    const huge = await codeMode.execute("return secret", { sessionId: "s".repeat(4 * 1024 * 1024), owner: "ana" });
    expect(huge.error?.message.length).toBeLessThan(200);
    for (const result of [stolen, unknown, huge]) {
      expect(result.status).toBe("failed");
      expect(result.error?.kind).toBe("SessionNotFound");
      expect(result.error?.message).toMatch(/^No session ".*" is open for this caller\. Start a new one with sessionId "new"\.$/);
      expect(result.sessionId).toBeUndefined();
    }
    expect((await codeMode.execute("return secret", { sessionId: sessionId!, owner: "ana" })).result).toBe(42);
  });

  it("throws when a sessionId is given but sessions are off", async () => {
    const codeMode = open({ sessions: undefined });
    const error = await codeMode.execute("return 1", { sessionId: "new" }).catch((caught: unknown) => caught);
    expect(isCodeModeError(error) && error.code).toBe("INVALID_OPTIONS");
    expect((error as Error).message).toMatch(/sessions are off/);
  });

  it("runs two executions of one session one after the other", async () => {
    const codeMode = open();
    const { sessionId } = completed(await codeMode.execute("const order = []", { sessionId: "new" }));
    const step = (tag: string) => `order.push('${tag} starts'); await tools.clock.wait({ ms: 50, tag: '${tag}' }); order.push('${tag} ends');`;
    await Promise.all([codeMode.execute(step("a"), { sessionId: sessionId! }), codeMode.execute(step("b"), { sessionId: sessionId! })]);
    expect((await codeMode.execute("return order", { sessionId: sessionId! })).result).toEqual(["a starts", "a ends", "b starts", "b ends"]);
  });

  it("cancels a run waiting for its turn at once, and the runs after it still wait for the one running", async () => {
    const codeMode = open();
    const { sessionId } = completed(await codeMode.execute("const order = []", { sessionId: "new" }));
    entered = deferred();
    release = deferred();
    const first = codeMode.execute("order.push('first'); await tools.clock.hold({}); order.push('first done')", { sessionId: sessionId! });
    await entered.promise;
    const controller = new AbortController();
    const waiting = codeMode.execute("order.push('cancelled one')", { sessionId: sessionId!, signal: controller.signal });
    const third = codeMode.execute("order.push('third'); return order", { sessionId: sessionId! });
    controller.abort();
    expect((await waiting).error?.kind).toBe("Cancelled");
    release.resolve();
    await first;
    expect((await third).result).toEqual(["first", "first done", "third"]);
  });

  it("points errors at the user's line and column inside a session", async () => {
    const codeMode = open();
    const { sessionId } = completed(await codeMode.execute("let n = 1", { sessionId: "new" }));
    const code = "const { a } = { a: n };\n  a.x.y";
    const inSession = await codeMode.execute(code, { sessionId: sessionId! });
    const plain = await codeMode.execute(`const n = 1;${code}`);
    expect(inSession.error?.kind).toBe("ScriptError");
    expect(inSession.error?.line).toBe(2);
    expect([inSession.error?.line, inSession.error?.column]).toEqual([2, plain.error?.column]);
  });

  it("keeps the session after a timeout its script could be interrupted from", async () => {
    const codeMode = open({ limits: { timeoutMs: 1000 } });
    const { sessionId } = completed(await codeMode.execute("const kept = 'still here'", { sessionId: "new" }));
    const looping = await codeMode.execute("while (true) {}", { sessionId: sessionId! });
    expect(looping.error?.kind).toBe("TimeoutExceeded");
    expect(looping.sessionId).toBe(sessionId);
    expect((await codeMode.execute("return kept", { sessionId: sessionId! })).result).toBe("still here");
  });

  it("ends the session when its worker must be stopped, saying so, and forgets its id", async () => {
    const codeMode = open({ limits: { memoryBytes: 8 * 1024 * 1024 } });
    const { sessionId } = completed(await codeMode.execute("const kept = 1", { sessionId: "new" }));
    const bomb = await codeMode.execute("const keep = []; while (true) keep.push(new Array(1e5).fill(7));", { sessionId: sessionId! });
    expect(bomb.error?.kind).toBe("MemoryLimitExceeded");
    expect(bomb.error?.message).toMatch(/The session ended/);
    expect(bomb.sessionId).toBeUndefined();
    expect((await codeMode.execute("return kept", { sessionId: sessionId! })).error?.kind).toBe("SessionNotFound");
  });

  it("ends the session when a built-in call runs past the deadline and the worker is terminated", async () => {
    const codeMode = open({ limits: { timeoutMs: 500, memoryBytes: 256 * 1024 * 1024 } });
    // A session's first run may meet a cold worker; a soft timeout keeps the session, so either way there is an id.
    const { sessionId } = await codeMode.execute("return 1", { sessionId: "new" });
    expect(sessionId).toBeDefined();
    // The interrupt handler is never polled inside one JSON.stringify, here seconds long: only the hard stop ends it.
    const stuck = codeMode.execute("const big = new Array(1e6).fill({ a: 1, b: [1, 2] }); while (true) JSON.stringify(big);", { sessionId: sessionId! });
    const queued = codeMode.execute("return 1", { sessionId: sessionId! });
    const result = await stuck;
    expect(result.error?.kind).toBe("TimeoutExceeded");
    expect(result.error?.message).toMatch(/^Script ran past its 500 ms deadline; limits\.timeoutMs raises it\. The session ended/);
    expect(result.sessionId).toBeUndefined();
    expect((await queued).error?.kind).toBe("SessionNotFound");
  });

  it("ends idle sessions after their time to live", async () => {
    const codeMode = open({ sessions: { ttlMs: 50 } });
    const { sessionId } = completed(await codeMode.execute("const kept = 1", { sessionId: "new" }));
    await vi.waitFor(async () => {
      expect((await codeMode.execute("return kept", { sessionId: sessionId! })).error?.kind).toBe("SessionNotFound");
    }, { timeout: 10_000, interval: 100 });
  });

  it("ends the least recently used idle session to start one past the cap, and refuses when all are running", async () => {
    const codeMode = open({ sessions: { maxSessions: 1 } });
    const first = completed(await codeMode.execute("const who = 'first'", { sessionId: "new" }));
    const second = completed(await codeMode.execute("const who = 'second'", { sessionId: "new" }));
    expect((await codeMode.execute("return who", { sessionId: first.sessionId! })).error?.kind).toBe("SessionNotFound");
    entered = deferred();
    release = deferred();
    const busy = codeMode.execute("await tools.clock.hold({}); return who", { sessionId: second.sessionId! });
    await entered.promise;
    const refused = await codeMode.execute("return 1", { sessionId: "new" });
    release.resolve();
    expect(refused.error?.kind).toBe("SessionLimit");
    expect((await busy).result).toBe("second");
  });

  // eslint-disable-next-line codemode/no-skipped-tests -- it counts threads in /proc/self/status, which only Linux has
  it.runIf(process.platform === "linux")("stops every session's worker on close, cancelling what runs", async () => {
    const codeMode = createCodeMode({ tools: [wait], poolSize: 1, sessions: {} });
    await codeMode.execute("return 1");
    const before = threadCount();
    const ids = await Promise.all([1, 2, 3].map(async () => (await codeMode.execute("const x = 1", { sessionId: "new" })).sessionId!));
    expect(threadCount()).toBeGreaterThanOrEqual(before + 3);
    const running = codeMode.execute("await tools.clock.wait({ ms: 5000, tag: 'late' })", { sessionId: ids[0]! });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await codeMode.close();
    expect((await running).error?.kind).toBe("Cancelled");
    await vi.waitFor(() => expect(threadCount()).toBeLessThanOrEqual(before), { timeout: 5_000, interval: 50 });
  });
});

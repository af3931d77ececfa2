import { beforeAll, describe, expect, it } from "vitest";
import { prepareScript } from "../../script/index.js";
import { SERIALIZER_SOURCE } from "../../serializer/index.js";
import { createGuestEngine, type GuestEngine } from "./create-guest-engine.js";
import type { GuestChannel } from "./guest-channel.js";
import { echoChannel } from "./__fixtures__/echo-channel.js";
import { testLimits } from "../__fixtures__/test-limits.js";
import type { RunDone, RunLimits } from "../protocol.js";
import { compileQuickJSModule, memoryPages } from "../host/index.js";
import { createGuestRealm, type GuestRealm } from "./guest-realm.js";
import { runGuest } from "./run-guest.js";

const LIMITS = testLimits(2000);

let engine: GuestEngine;
let runs = 0;
const run = (code: string, channel: GuestChannel = echoChannel(), limits: Partial<RunLimits> = {}, realm?: GuestRealm) => {
  const prepared = prepareScript(code, { maxCodeBytes: 100_000 });
  const request = { type: "run" as const, id: ++runs, source: prepared.source, fileName: prepared.fileName, search: true };
  let done: RunDone | undefined;
  const { usable } = runGuest({ engine, request: { ...request, limits: { ...LIMITS, ...limits } }, channel, report: (report) => (done = report), realm });
  return { ...done!, usable };
};

describe("runGuest", () => {
  beforeAll(async () => {
    const wasmModule = await compileQuickJSModule();
    engine = await createGuestEngine({ wasmModule, ...memoryPages(LIMITS.memoryBytes), serializerSource: SERIALIZER_SOURCE });
  });

  it("returns primitives without the serialiser and objects through it", () => {
    expect(run("return 'a'").outcome.resultJson).toBe('"a"');
    expect(run("return true").outcome.resultJson).toBe("true");
    expect(run("return 2n ** 64n").outcome.resultJson).toBe('"18446744073709551616"');
    expect(run("return null").outcome.resultJson).toBe("null");
    expect(run("return new Map([['k', new Set([1])]])").outcome.resultJson).toBe('{"k":[1]}');
  });

  it("sends calls made in the same tick as one batch and settles them from the replies", () => {
    const channel = echoChannel();
    const done = run("const r = await Promise.all([tools.a.b({ n: 1 }), tools.a.c({ n: 2 })]); return r.map((e) => e.data.n);", channel);
    expect(done.outcome.resultJson).toBe("[1,2]");
    expect(channel.batches).toHaveLength(1);
    expect(channel.batches[0]!.calls.map((call) => call.name)).toEqual(["a.b", "a.c"]);
  });

  it("sends console lines with the next batch and keeps the rest for the outcome", () => {
    const channel = echoChannel();
    const done = run('console.log("one"); await tools.a.b({}); console.log("two");', channel);
    expect(channel.batches[0]!.logs).toEqual(["one"]);
    expect(done.outcome.logs).toEqual(["two"]);
  });

  it("reports calls still pending at the end, with where they were made", () => {
    const silent: GuestChannel = { send: () => {}, isCancelled: () => false, wait: () => "timeout" };
    const done = run("tools.a.b({});\nawait tools.a.c({});", silent, { timeoutMs: 500 });
    expect(done.outcome.error?.kind).toBe("TimeoutExceeded");
    expect(done.outcome.unfinishedCalls.map(({ name, sent }) => ({ name, sent }))).toEqual([
      { name: "a.b", sent: true },
      { name: "a.c", sent: true },
    ]);
    expect(done.outcome.unfinishedCalls[1]!.stack).toMatch(/codemode-script\.js:3/);
  });

  it("stops the run when the host cancels it", () => {
    const cancelled: GuestChannel = { send: () => {}, isCancelled: () => true, wait: () => "cancelled" };
    expect(run("while (true) {}", cancelled).outcome.error?.kind).toBe("Cancelled");
  });

  it("asks to retire the worker after running out of memory, and the engine still runs the next script", () => {
    const done = run("const keep = []; while (true) keep.push(new Array(1e5).fill(1));");
    expect(done.outcome.error?.kind).toBe("MemoryLimitExceeded");
    expect(done.retire).toBe(true);
    expect(done.usable).toBe(false);
    expect(run("return 5").outcome.resultJson).toBe("5");
  });

  it("leaves nothing behind on globalThis between runs", () => {
    run("globalThis.left = 1; Object.prototype.dirty = 1;");
    expect(run("return [typeof left, typeof ({}).dirty]").outcome.resultJson).toBe('["undefined","undefined"]');
  });

  it("runs in a realm made ahead of it, used once and disposed, sharing nothing with the realm made next", () => {
    const first = createGuestRealm(engine);
    const second = createGuestRealm(engine);
    expect(run("globalThis.left = 1; Array.prototype.dirty = 1; return typeof left", undefined, {}, first).outcome.resultJson).toBe('"number"');
    expect(first.context.alive).toBe(false);
    expect(run("return [typeof left, typeof [].dirty]", undefined, {}, second).outcome.resultJson).toBe('["undefined","undefined"]');
    expect(second.runtime.alive).toBe(false);
  });

  it("disposes a realm made ahead of a run cancelled before it started", () => {
    const realm = createGuestRealm(engine);
    const cancelled: GuestChannel = { send: () => {}, isCancelled: () => true, wait: () => "cancelled" };
    const done = run("return 1", cancelled, {}, realm);
    expect(done.outcome.error?.kind).toBe("Cancelled");
    expect(done.usable).toBe(true);
    expect(realm.context.alive).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { prepareScript } from "../../script/index.js";
import { SERIALIZER_SOURCE } from "../../serializer/index.js";
import { compileQuickJSModule, type PoolJob } from "../host/index.js";
import type { CallBatch, ReplyBatch } from "../protocol.js";
import { testLimits } from "../__fixtures__/test-limits.js";
import { createInProcessPool } from "./create-in-process-pool.js";

const LIMITS = testLimits(300);

type OnCalls = PoolJob["onCalls"];
const job = (code: string, onCalls: OnCalls = () => {}, signal?: AbortSignal): PoolJob => {
  const prepared = prepareScript(code, { maxCodeBytes: 100_000 });
  return { request: { source: prepared.source, fileName: prepared.fileName, search: false, limits: LIMITS }, onCalls, signal };
};
const poolOf = (countWork = false) =>
  createInProcessPool({ size: 1, memoryBytes: LIMITS.memoryBytes, maxStackBytes: LIMITS.maxStackBytes, serializerSource: SERIALIZER_SOURCE, engineModule: compileQuickJSModule, countWork });

afterEach(() => vi.restoreAllMocks());

describe("createInProcessPool", () => {
  it("ends a loop by the work it did when the clock stands still, as in a deployed Cloudflare Worker", async () => {
    const pool = poolOf(true);
    await pool.run(job("return 1"));
    vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    const outcome = await pool.run(job("while (true) {}"));
    expect(outcome.error).toMatchObject({ kind: "TimeoutExceeded" });
    vi.restoreAllMocks();
    expect((await pool.run(job("return 2"))).resultJson).toBe("2");
    await pool.close();
  });

  it("answers tool calls as promises on the host's thread, and cancels a run that waits on one", async () => {
    const pool = poolOf();
    const echo: OnCalls = (batch: CallBatch, reply: (replies: ReplyBatch["replies"]) => void) => {
      const replies = batch.calls.flatMap((call) => (call.kind === "note" ? [] : [{ callId: call.callId, envelope: `{"ok":true,"data":${call.args}}`, bytes: false }]));
      setTimeout(() => reply(replies), 1);
    };
    const done = await pool.run(job("let n = 0; for (let i = 0; i < 5; i++) n += (await tools.a.b({ i })).data.i; return n;", echo));
    expect(done.error).toBeNull();
    expect(done.resultJson).toBe("10");
    const controller = new AbortController();
    const waiting = pool.run(job("await tools.a.never({}); return 1;", () => controller.abort(), controller.signal));
    expect((await waiting).error?.kind).toBe("Cancelled");
    expect((await pool.run(job("return 3"))).resultJson).toBe("3");
    await pool.close();
  });

  it("moves the deadline on while a run is held for an approval", async () => {
    const pool = poolOf();
    const held: OnCalls = (batch, reply, hold) => {
      hold(true);
      // Held past the 300 ms deadline, then answered: the wait for a person does not count.
      setTimeout(() => {
        hold(false);
        reply(batch.calls.flatMap((call) => (call.kind === "note" ? [] : [{ callId: call.callId, envelope: '{"ok":true,"data":7}', bytes: false }])));
      }, 500);
    };
    const done = await pool.run(job("return (await tools.a.approve({})).data;", held));
    expect(done.error).toBeNull();
    expect(done.resultJson).toBe("7");
    await pool.close();
  });
});

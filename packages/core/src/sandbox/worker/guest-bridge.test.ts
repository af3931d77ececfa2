import { beforeAll, describe, expect, it } from "vitest";
import { prepareScript } from "../../script/index.js";
import { SERIALIZER_SOURCE } from "../../serializer/index.js";
import { MAX_TOOL_NAME_LENGTH } from "../../tools/index.js";
import { compileQuickJSModule, memoryPages } from "../host/index.js";
import type { CallBatch, ReplyBatch, RunLimits } from "../protocol.js";
import { createGuestEngine, type GuestEngine } from "./create-guest-engine.js";
import type { GuestChannel } from "./guest-channel.js";
import { runGuest } from "./run-guest.js";

const MiB = 1024 * 1024;
const LIMITS: RunLimits = {
  timeoutMs: 10_000,
  memoryBytes: 32 * MiB,
  maxStackBytes: 256 * 1024,
  maxHostCalls: 100,
  maxLogLines: 10,
  maxLogLineBytes: 100,
  maxOutputBytes: 100_000,
  maxArgumentBytes: 1000,
  maxTotalArgumentBytes: 3000,
};

/** A host in the same thread that answers every call with an empty envelope and keeps what reached it. */
function recordingChannel(): GuestChannel & { batches: CallBatch[]; characters: () => number } {
  const batches: CallBatch[] = [];
  let answered = 0;
  return {
    batches,
    characters: () => JSON.stringify(batches).length,
    send: (batch) => batches.push(batch),
    isCancelled: () => false,
    wait: (): ReplyBatch["replies"] | "timeout" => {
      const fresh = batches.slice(answered);
      answered = batches.length;
      return fresh.flatMap((batch) =>
        batch.calls.flatMap((call) => (call.kind === "note" ? [] : [{ callId: call.callId, envelope: '{"ok":true,"data":null}', bytes: false }])),
      );
    },
  };
}

let engine: GuestEngine;
let runs = 0;
function run(code: string, limits: Partial<RunLimits> = {}) {
  const channel = recordingChannel();
  const prepared = prepareScript(code, { maxCodeBytes: 100_000 });
  const request = { type: "run" as const, id: ++runs, source: prepared.source, fileName: prepared.fileName, search: true, limits: { ...LIMITS, ...limits } };
  let resultJson: unknown;
  runGuest({ engine, request, channel, report: (report) => (resultJson = report.outcome.resultJson) });
  return { result: JSON.parse(resultJson as string) as unknown, channel };
}

describe("GuestBridge", () => {
  beforeAll(async () => {
    const wasmModule = await compileQuickJSModule();
    engine = await createGuestEngine({ wasmModule, ...memoryPages(LIMITS.memoryBytes), serializerSource: SERIALIZER_SOURCE });
  });

  it("answers a tool name over the longest allowed with not_found, and sends the host only its length", () => {
    const { result, channel } = run(`
      const long = "x".repeat(4 * 1024 * 1024);
      const out = [];
      for (let i = 0; i < 20; i++) out.push(await tools[long]({}), await tools.ns[long]({}), await catalog.describe({ tool: "a" }));
      return out.slice(0, 2).map((r) => [r.ok, r.error.code, r.error.message.length]);`);
    expect(result).toEqual([
      [false, "not_found", expect.any(Number)],
      [false, "not_found", expect.any(Number)],
    ]);
    for (const [, , length] of result as number[][]) expect(length).toBeLessThan(300);
    const calls = channel.batches.flatMap((batch) => batch.calls);
    expect(calls).toHaveLength(60);
    for (const call of calls) expect(call.name.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
    // 60 calls in all, each a few hundred characters of record: far from the 80 MiB of names the script made.
    expect(channel.characters()).toBeLessThan(60 * 1000);
  });

  it("sends a name of exactly the longest allowed length as it is", () => {
    const name = `ns.${"y".repeat(MAX_TOOL_NAME_LENGTH - 3)}`;
    const { channel } = run(`await tools.ns["${"y".repeat(MAX_TOOL_NAME_LENGTH - 3)}"]({});`);
    expect(channel.batches[0]!.calls[0]).toMatchObject({ kind: "tool", name });
  });

  it("refuses a call's arguments over maxArgumentBytes and the calls past maxTotalArgumentBytes", () => {
    const { result, channel } = run(`
      const out = [];
      out.push(await tools.a.b({ text: "é".repeat(600) }));
      for (let i = 0; i < 6; i++) out.push(await tools.a.b({ text: "x".repeat(880) }));
      return out.map((r) => r.ok ? "ok" : r.error.code + ": " + r.error.message);`);
    expect(result).toEqual([
      "limit_exceeded: The call's arguments are larger than the 1000 bytes of JSON one call may send.",
      "ok",
      "ok",
      "ok",
      "limit_exceeded: The script has already sent 2673 bytes of arguments; one run may send at most 3000.",
      "limit_exceeded: The script has already sent 2673 bytes of arguments; one run may send at most 3000.",
      "limit_exceeded: The script has already sent 2673 bytes of arguments; one run may send at most 3000.",
    ]);
    const sent = channel.batches.flatMap((batch) => batch.calls).reduce((total, call) => total + ("args" in call ? call.args.length : 0), 0);
    expect(sent).toBeLessThanOrEqual(3000);
  });

  it("cuts what the guest says about a call: its stack and the reason its arguments are not JSON", () => {
    const { result, channel } = run(`
      const name = "f".repeat(1024 * 1024);
      const bad = { toJSON() { throw new Error("m".repeat(1024 * 1024)); } };
      const made = { [name]: async () => [await tools.a.b({}), await tools.a.c(bad)] };
      const [, refused] = await made[name]();
      return [refused.error.code, refused.error.message.length];`);
    expect(result).toEqual(["invalid_arguments", expect.any(Number)]);
    expect((result as number[])[1]).toBeLessThan(2000);
    for (const call of channel.batches.flatMap((batch) => batch.calls)) {
      if (call.kind === "note") expect(call.message.length).toBeLessThan(2000);
      else expect(call.stack.length).toBeLessThanOrEqual(4096);
    }
    expect(channel.characters()).toBeLessThan(20_000);
  });
});

import { describe, expect, it } from "vitest";
import { prepareScript } from "../../script/index.js";
import { SERIALIZER_SOURCE } from "../../serializer/index.js";
import { compileQuickJSModule, memoryPages } from "../host/index.js";
import type { RunDone } from "../protocol.js";
import { createGuestEngine } from "./create-guest-engine.js";
import type { GuestChannel } from "./guest-channel.js";
import { runGuest } from "./run-guest.js";

async function runOnce(code: string): Promise<RunDone | undefined> {
  const wasmModule = await compileQuickJSModule();
  const engine = await createGuestEngine({ wasmModule, ...memoryPages(16 * 1024 * 1024), serializerSource: SERIALIZER_SOURCE });
  const prepared = prepareScript(code, { maxCodeBytes: 10_000 });
  const channel: GuestChannel = { send: () => {}, wait: () => "timeout", isCancelled: () => false };
  let done: RunDone | undefined;
  const limits = { timeoutMs: 2000, memoryBytes: 16 * 1024 * 1024, maxStackBytes: 256 * 1024, maxHostCalls: 10, maxLogLines: 10, maxLogLineBytes: 100, maxOutputBytes: 1_000_000, maxArgumentBytes: 100_000, maxTotalArgumentBytes: 1_000_000 };
  runGuest({ engine, request: { type: "run", id: 1, source: prepared.source, fileName: prepared.fileName, limits, search: false }, channel, report: (d) => (done = d) });
  return done;
}

describe("runGuest with the fast path", () => {
  it("still serialises a Map nested deep in an otherwise plain array per the serialiser", async () => {
    const done = await runOnce(`return [{ a: [1, { m: new Map([["k", new Set([1, 2])]]) }] }, "x"];`);
    expect(done?.outcome.resultJson).toBe('[{"a":[1,{"m":{"k":[1,2]}}]},"x"]');
  });

  it("writes a symbol in a large value as the serialiser does when the script names Symbol", async () => {
    const done = await runOnce(`return Array.from({ length: 200 }, (_, i) => (i === 150 ? Symbol("s") : i));`);
    expect(JSON.parse(done?.outcome.resultJson as string)[150]).toBe("Symbol(s)");
  });

  it("still writes a Map in a large value per the serialiser when the script could be written natively", async () => {
    const done = await runOnce(`return Array.from({ length: 200 }, (_, i) => (i === 150 ? new Map([["k", i]]) : i));`);
    expect(JSON.parse(done?.outcome.resultJson as string)[150]).toEqual({ k: 150 });
  });

  it("hands a large result over as the UTF-8 bytes of its JSON", async () => {
    const done = await runOnce(`return Array.from({ length: 2000 }, (_, i) => ({ i, name: "é " + i }));`);
    const json = done?.outcome.resultJson;
    expect(json).toBeInstanceOf(Uint8Array);
    const expected = Array.from({ length: 2000 }, (_, i) => ({ i, name: `é ${i}` }));
    expect(JSON.parse(new TextDecoder().decode(json as Uint8Array))).toEqual(expected);
  });
});

// Runs, on this thread, a script whose teardown aborts the QuickJS module (an out-of-memory inside a job leaves
// objects QuickJS cannot free), then prints what the run reported and what the engine printed, as JSON.
// Run with `node --import tsx`; the guest's sources are `?raw` imports, which the raw-text hook answers.
import { register } from "node:module";
import { rawTextHooksUrl } from "../../host/start-worker.js";
import type { RunDone } from "../../protocol.js";

register(rawTextHooksUrl());
const { prepareScript } = await import("../../../script/index.js");
const { SERIALIZER_SOURCE } = await import("../../../serializer/index.js");
const { compileQuickJSModule, memoryPages } = await import("../../host/index.js");
const { createGuestEngine, runGuest } = await import("../index.js");

const MiB = 1024 * 1024;
const limits = { timeoutMs: 5000, memoryBytes: 8 * MiB, maxStackBytes: 256 * 1024, maxHostCalls: 10, maxLogLines: 10, maxLogLineBytes: 100, maxOutputBytes: 10_000, maxArgumentBytes: 100_000, maxTotalArgumentBytes: 1_000_000 };
const engine = await createGuestEngine({ wasmModule: await compileQuickJSModule(), ...memoryPages(limits.memoryBytes), serializerSource: SERIALIZER_SOURCE });
const prepared = prepareScript("await null; const keep = []; while (true) keep.push({ a: [1, 2, 3] });", { maxCodeBytes: 10_000 });
let done: RunDone | undefined;
const { usable } = runGuest({
  engine,
  request: { type: "run", id: 1, source: prepared.source, fileName: prepared.fileName, limits, search: false },
  channel: { send: () => {}, wait: () => "timeout", isCancelled: () => false },
  report: (report) => (done = report),
});
process.stdout.write(JSON.stringify({ usable, error: done?.outcome.error?.kind ?? null, diagnostics: done?.outcome.diagnostics ?? [], printed: engine.printed }));

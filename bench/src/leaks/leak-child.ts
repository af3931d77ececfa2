// The engine's leak run, in a fresh process started by run-leaks-bench.ts with `--expose-gc` and an IPC channel:
// LEAK_RUNS executions in a row through one createCodeMode, sampled every LEAK_SAMPLE_EVERY runs.
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { createCodeMode } from "@codemode/core";
import { shopToolDefinitions } from "../load/shop-tools.js";
import { checkLeakRun } from "./check-leak-run.js";
import { leakRun } from "./leak-workloads.js";
import { sampleProcess } from "./sample-process.js";

const runs = Number(process.env.LEAK_RUNS ?? 10_000);
const sampleEvery = Number(process.env.LEAK_SAMPLE_EVERY ?? 250);
const codeMode = createCodeMode({
  tools: shopToolDefinitions(),
  // Short enough that the runs which end at their deadline cost seconds, not minutes; the pool is warmed first, so
  // no run pays for a worker's start.
  limits: { timeoutMs: 1000, memoryBytes: 32 * 1024 * 1024 },
});
const send = (message: unknown) => process.send?.(message);
// Other engineers rebuild packages/core in this shared workspace, and tsdown empties dist/ for a few seconds: a worker
// started then cannot load. Such failures are told apart from wrong answers by the build's changed time.
const workerFile = createRequire(import.meta.url).resolve("@codemode/core").replace(/index\.js$/, "sandbox-worker.js");
const builtAt = () => {
  try {
    return statSync(workerFile).mtimeMs;
  } catch {
    return -1;
  }
};
const builtAtStart = builtAt();
const wrong: string[] = [];
const kinds: Record<string, number> = {};

// Warm-up outside the count: both workers started, and the lazy parts (argument validation, the serialiser) loaded.
await Promise.all([codeMode.execute("return 1"), codeMode.execute("return 2")]);
for (let index = 0; index < 10; index++) await codeMode.execute(leakRun(index, runs).code);
send({ type: "sample", sample: sampleProcess(0) });
const started = performance.now();
for (let index = 0; index < runs; index++) {
  const run = leakRun(index, runs);
  const signal = run.cancelAfterMs === undefined ? undefined : AbortSignal.timeout(run.cancelAfterMs);
  const result = await codeMode.execute(run.code, signal ? { signal } : {});
  const problem = checkLeakRun(index, run, result);
  if (problem) wrong.push(problem);
  kinds[run.kind] = (kinds[run.kind] ?? 0) + 1;
  if ((index + 1) % sampleEvery === 0) send({ type: "sample", sample: sampleProcess(index + 1) });
}
const wallMs = performance.now() - started;
await codeMode.close();
const rebuilt = builtAt() !== builtAtStart;
const unstarted = wrong.filter((problem) => /The sandbox could not start/.test(problem));
const counted = rebuilt ? wrong.filter((problem) => !unstarted.includes(problem)) : wrong;
send({
  type: "done",
  wallMs,
  kinds,
  wrong: { count: counted.length, examples: counted.slice(0, 5) },
  notStartedWhileCoreRebuilt: rebuilt ? unstarted.length : 0,
  closed: sampleProcess(runs),
});

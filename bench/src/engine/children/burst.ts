// Workload E in a fresh process: 200 runs submitted at once, several rounds; runs/s and peak memory of the whole
// process (RSS, which counts worker threads and WebAssembly memories, sampled every 2 ms and after every run).
import { performance } from "node:perf_hooks";
import { loadFloorModule, runFloor } from "../run-floor.js";
import { BENCH_TOOLS } from "../bench-tools.js";

const RUNS = 200;
const ROUNDS = Number(process.argv[3] ?? 6);
let runs = 0;
// A new source every run, as a model writes new code each time: no cache of prepared scripts can help.
const code = () => `return 1;\n// run ${++runs}`;
const mode = process.argv[2];

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
};

const runOnce = await makeRunner();
let wrong = 0;
const check = (value: unknown) => {
  sample();
  if (value !== 1) wrong++;
};
for (let i = 0; i < 20; i++) check(await runOnce());
const baselineRss = process.memoryUsage().rss;
const timer = setInterval(sample, 2);
const runsPerSecond: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const before = performance.now();
  if (mode === "engine") {
    await Promise.all(Array.from({ length: RUNS }, () => runOnce().then(check)));
  } else {
    // The floor is one thread with a synchronous engine: runs cannot overlap, so it takes them in turn.
    for (let i = 0; i < RUNS; i++) check(await runOnce());
  }
  runsPerSecond.push((RUNS / (performance.now() - before)) * 1000);
}
clearInterval(timer);
sample();
process.stdout.write(`${JSON.stringify({ ok: wrong === 0, wrong, runsPerSecond, peakRss, peakHeap, baselineRss })}\n`);
process.exit(wrong === 0 ? 0 : 1);

async function makeRunner(): Promise<() => Promise<unknown>> {
  if (mode === "engine") {
    const { createCodeMode, defineTool } = await import("@codemode/core");
    const codeMode = createCodeMode({
      tools: [defineTool({ name: "bench.echo", description: "Echo.", execute: BENCH_TOOLS["bench.echo"]! })],
    });
    return async () => {
      const result = await codeMode.execute(code());
      return result.status === "completed" ? result.result : result.error;
    };
  }
  const module = await loadFloorModule();
  return () => runFloor(module, code(), BENCH_TOOLS);
}

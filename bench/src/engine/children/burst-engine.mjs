// Workload E for the engine, in a fresh plain-Node process (no loader, as users run it): 200 runs submitted at once,
// several rounds; runs/s and the process's peak RSS (worker threads and WebAssembly memories included), sampled
// every 2 ms and after every run. Prints one JSON line; exits 1 on a wrong answer.
import { performance } from "node:perf_hooks";
import { createCodeMode } from "@codemode/core";

const RUNS = 200;
const ROUNDS = Number(process.argv[2] ?? 4);
let runs = 0;
// A new source every run, as a model writes new code each time: no cache of prepared scripts can help.
const code = () => `return 1;\n// run ${++runs}`;

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
};
// Unchecked, as in the other engine workloads: the check's cost is `bench check`'s to measure.
const codeMode = createCodeMode({ check: "off" });
let wrong = 0;
const runOnce = async () => {
  const result = await codeMode.execute(code());
  sample();
  if (result.status !== "completed" || result.result !== 1) wrong++;
};
for (let i = 0; i < 20; i++) await runOnce();
const baselineRss = process.memoryUsage().rss;
const timer = setInterval(sample, 2);
const runsPerSecond = [];
for (let round = 0; round < ROUNDS; round++) {
  const before = performance.now();
  await Promise.all(Array.from({ length: RUNS }, runOnce));
  runsPerSecond.push((RUNS / (performance.now() - before)) * 1000);
}
clearInterval(timer);
sample();
await codeMode.close();
process.stdout.write(`${JSON.stringify({ ok: wrong === 0, wrong, runsPerSecond, peakRss, peakHeap, baselineRss })}\n`);
process.exitCode = wrong === 0 ? 0 : 1;

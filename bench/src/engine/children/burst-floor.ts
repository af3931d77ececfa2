// Workload E for the floor, in a fresh process: 200 runs, several rounds, taken in turn (one thread, a synchronous
// engine: runs cannot overlap). Runs under tsx (the floor is TypeScript), whose loader adds about 35 MB of RSS.
import { performance } from "node:perf_hooks";
import { BENCH_TOOLS } from "../bench-tools.js";
import { loadFloorModule, runFloor } from "../run-floor.js";

const RUNS = 200;
const ROUNDS = Number(process.argv[2] ?? 4);
let runs = 0;
// A new source every run, as a model writes new code each time.
const code = () => `return 1;\n// run ${++runs}`;

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
};
const module = await loadFloorModule();
let wrong = 0;
const check = (value: unknown) => {
  sample();
  if (value !== 1) wrong++;
};
for (let i = 0; i < 20; i++) check(await runFloor(module, code(), BENCH_TOOLS));
const baselineRss = process.memoryUsage().rss;
const runsPerSecond: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const before = performance.now();
  for (let i = 0; i < RUNS; i++) check(await runFloor(module, code(), BENCH_TOOLS));
  runsPerSecond.push((RUNS / (performance.now() - before)) * 1000);
}
sample();
process.stdout.write(`${JSON.stringify({ ok: wrong === 0, wrong, runsPerSecond, peakRss, peakHeap, baselineRss })}\n`);
process.exit(wrong === 0 ? 0 : 1);

// temporary: F engine/floor ratio, interleaved
import { performance } from "node:perf_hooks";
import { createBenchEngine } from "./run-engine-bench.js";
import { loadFloorModule, runFloor } from "./run-floor.js";
import { BENCH_TOOLS } from "./bench-tools.js";
import { WORKLOADS } from "./workloads.js";
const n = Number(process.argv[2] ?? 40);
const w = WORKLOADS.find((x) => x.id === "F")!;
const engine = createBenchEngine();
const module = await loadFloorModule();
const e: number[] = [], f: number[] = [];
for (let i = 0; i < n + 5; i++) {
  let t = performance.now();
  const r = await engine.execute(`${w.code}\n// run ${i}`);
  const te = performance.now() - t;
  if (r.status !== "completed") throw new Error(JSON.stringify(r.error));
  t = performance.now();
  await runFloor(module, w.code, BENCH_TOOLS);
  const tf = performance.now() - t;
  if (i >= 5) { e.push(te); f.push(tf); }
}
await engine.close();
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
const me = med(e), mf = med(f);
console.log(`engine ${me.toFixed(2)} ms floor ${mf.toFixed(2)} ms ratio ${(me / mf).toFixed(2)}`);

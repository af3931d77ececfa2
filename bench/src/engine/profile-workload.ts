// Runs one workload many times on the built engine, for `--cpu-prof` (one profile per thread):
//   npx tsx --cpu-prof --cpu-prof-dir=/tmp/prof src/engine/profile-workload.ts B 200 [in-process]
import { performance } from "node:perf_hooks";
import { createBenchEngine } from "./run-engine-bench.js";
import { checkAnswer, WORKLOADS } from "./workloads.js";

const [id = "B", count = "200", engineKind = "workers"] = process.argv.slice(2);
const workload = WORKLOADS.find((candidate) => candidate.id === id);
if (!workload) throw new Error(`Unknown workload ${id}; one of ${WORKLOADS.map((w) => w.id).join(", ")}.`);
const engine = createBenchEngine(engineKind === "in-process" ? "in-process" : "workers");
const samples: number[] = [];
for (let run = 0; run < Number(count); run++) {
  const before = performance.now();
  const result = await engine.execute(`${workload.code}\n// run ${run}`);
  samples.push(performance.now() - before);
  if (result.status !== "completed") throw new Error(JSON.stringify(result.error));
  checkAnswer("engine", workload, result.result);
}
await engine.close();
samples.sort((a, b) => a - b);
console.log(`${id}: ${count} runs, median ${samples[samples.length >> 1]!.toFixed(3)} ms`);

// One process of `bench frameworks` (started on Node 22 with that Node's bin first on PATH, for isolated-vm and for
// Mastra's `node --experimental-strip-types` child processes). Prints one JSON line:
//   probe <id> <A|B>          runs the workload twice in a sandbox and checks the answer (a crash kills only this probe)
//   measure <A|B> <id,id,...> times the workload in each sandbox, interleaved (A and B), beside each other
//   burst <id> <n>            submits n `return 1` runs at once, two rounds (E): runs/s and the process tree's peak RSS
import { readFileSync, readdirSync, writeSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { compareInterleaved } from "../harness/compare-interleaved.js";
import { summarize } from "../stats/summarize.js";
import { FRAMEWORK_WORKLOADS, SANDBOXES, type FrameworkSandbox } from "./framework-sandboxes.js";

let runs = 0;
// A new source every run, as a model writes new code each time.
const unique = (code: string) => `${code}\n// run ${++runs}`;
const [mode, first, second] = process.argv.slice(2);
const output = mode === "probe" ? await probe(first!, second!) : mode === "measure" ? await measure(first!, second!.split(",")) : await burst(first!, Number(second));
// Written synchronously, then exit: a sandbox may keep the process alive (isolated-vm, child processes).
writeSync(1, `\n${JSON.stringify(output)}\n`);
process.exit(0);

function entry(id: string) {
  const found = SANDBOXES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No sandbox ${id}.`);
  return found;
}

function workload(id: string) {
  const found = FRAMEWORK_WORKLOADS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No workload ${id}.`);
  return found;
}

function check(who: string, expected: unknown, actual: unknown): void {
  if (actual !== expected) throw new Error(`${who} answered ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}.`);
}

async function probe(id: string, workloadId: string) {
  const { code, expected } = workload(workloadId);
  const sandbox = await entry(id).create();
  for (let round = 0; round < 2; round++) check(id, expected, await sandbox.run(unique(code)));
  await sandbox.close();
  return { ok: true };
}

async function measure(workloadId: string, ids: readonly string[]) {
  const { code, expected } = workload(workloadId);
  const sandboxes = new Map<string, FrameworkSandbox>();
  for (const id of ids) sandboxes.set(id, await entry(id).create());
  const contenders = ids.map((id) => ({ name: id, run: () => sandboxes.get(id)!.run(unique(code)), check: (answer: unknown) => check(id, expected, answer) }));
  // A child process per run makes Mastra's default about a hundred times slower: few iterations, a budget, and a minimum.
  const options = workloadId === "A" ? { warmup: 5, minIterations: 30, maxIterations: 300, budgetMs: 10_000 } : { warmup: 3, minIterations: 20, maxIterations: 100, budgetMs: 10_000 };
  const samples = await compareInterleaved(contenders, options);
  for (const sandbox of sandboxes.values()) await sandbox.close();
  return Object.fromEntries(ids.map((id) => [id, summarize(samples[id]!)]));
}

async function burst(id: string, count: number) {
  const sandbox = await entry(id).create();
  for (let round = 0; round < 5; round++) check(id, 1, await sandbox.run(unique("return 1;")));
  let peakRss = 0;
  const sample = () => (peakRss = Math.max(peakRss, treeRss(process.pid)));
  const timer = setInterval(sample, 5);
  const rounds: { runsPerSecond: number; completed: number; failed: number; firstError?: string }[] = [];
  for (let round = 0; round < 2; round++) {
    const started = performance.now();
    const settled = await Promise.allSettled(Array.from({ length: count }, () => sandbox.run(unique("return 1;")).finally(sample)));
    const elapsed = performance.now() - started;
    const completed = settled.filter((outcome) => outcome.status === "fulfilled" && outcome.value === 1).length;
    const failure = settled.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult | undefined;
    rounds.push({ runsPerSecond: (completed / elapsed) * 1000, completed, failed: count - completed, ...(failure ? { firstError: String(failure.reason?.message ?? failure.reason).slice(0, 200) } : {}) });
  }
  clearInterval(timer);
  sample();
  await sandbox.close();
  return { count, rounds, peakRssMB: peakRss / 1024 / 1024 };
}

/** The RSS of a process and all its descendants (Mastra's default runs each program in a child process). */
function treeRss(pid: number): number {
  let total = 0;
  try {
    total = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(/\s+/) : []) total += treeRss(Number(child));
    }
  } catch {
    // The process ended while it was read.
  }
  return total;
}

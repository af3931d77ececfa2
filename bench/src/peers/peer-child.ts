// One peer in a fresh process (run by `pnpm bench:peers` on Node >= 22.13): `measure` times workloads A-D and F
// beside the floor, interleaved; `burst` submits 200 runs at once (workload E). Prints one JSON line. A workload the
// peer rejects is recorded as its error, not a crash of the benchmark.
import { writeSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { compareInterleaved } from "../harness/compare-interleaved.js";
import { summarize } from "../stats/summarize.js";
import { BENCH_TOOLS } from "../engine/bench-tools.js";
import { loadFloorModule, runFloor } from "../engine/run-floor.js";
import { checkAnswer } from "../engine/workloads.js";
import { FLOOR_PRELUDE, PEER_WORKLOADS } from "./peer-workloads.js";

interface Peer {
  settings: string;
  prelude: string;
  run(code: string): Promise<unknown>;
  close(): Promise<void>;
}

let runs = 0;
// A new source every run, as a model writes new code each time: no cache of prepared scripts can help.
const unique = (code: string) => `${code}\n// run ${++runs}`;

const [mode, adapterPath] = process.argv.slice(2);
const adapter = (await import(pathToFileURL(adapterPath!).href)) as { label: string; createPeer(): Promise<Peer> };
const peer = await adapter.createPeer();
const output = mode === "burst" ? await burst() : await measure();
await peer.close();
// Written synchronously: a peer may hang the process on exit (isolated-vm), and the parent then keeps this line.
writeSync(1, `\n${JSON.stringify({ label: adapter.label, settings: peer.settings, ...output })}\n`);
process.exit(0);

async function measure() {
  const module = await loadFloorModule();
  const workloads: Record<string, unknown> = {};
  for (const workload of PEER_WORKLOADS) {
    process.stderr.write(`${adapter.label}: workload ${workload.id}\n`);
    try {
      const samples = await compareInterleaved(
        [
          {
            name: "floor",
            run: () => runFloor(module, unique(`${FLOOR_PRELUDE}\n${workload.code}`), BENCH_TOOLS),
            check: (answer) => checkAnswer("floor", workload, answer),
          },
          {
            name: "peer",
            run: () => peer.run(unique(`${peer.prelude}\n${workload.code}`)),
            check: (answer) => checkAnswer(adapter.label, workload, answer),
          },
        ],
        workload,
      );
      const floor = summarize(samples.floor!);
      const measured = summarize(samples.peer!);
      workloads[workload.id] = { floor, peer: measured, ratio: measured.median / floor.median };
    } catch (error) {
      workloads[workload.id] = { error: String((error as Error).message ?? error).slice(0, 300) };
    }
  }
  return { workloads };
}

async function burst() {
  const runs = 200;
  let peakRss = 0;
  const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
  const runOnce = () => peer.run(unique(`${peer.prelude}\nreturn 1;`));
  for (let i = 0; i < 5; i++) await runOnce();
  const timer = setInterval(sample, 2);
  const rounds: { runsPerSecond: number; completed: number; rejected: number; firstError?: string }[] = [];
  for (let round = 0; round < 2; round++) {
    const before = performance.now();
    const settled = await Promise.allSettled(Array.from({ length: runs }, () => runOnce().finally(sample)));
    const elapsed = performance.now() - before;
    const completed = settled.filter((s) => s.status === "fulfilled" && s.value === 1).length;
    const failure = settled.find((s) => s.status === "rejected") as PromiseRejectedResult | undefined;
    rounds.push({
      runsPerSecond: (completed / elapsed) * 1000,
      completed,
      rejected: runs - completed,
      ...(failure ? { firstError: String(failure.reason?.message ?? failure.reason).slice(0, 200) } : {}),
    });
  }
  clearInterval(timer);
  sample();
  return { burst: { rounds, peakRssMB: peakRss / 1024 / 1024 } };
}

// `pnpm bench:peers`: the engine's workloads against the strongest peers, side by side, each in fresh processes on
// Node >= 22.13, each beside the floor measured in the same process. Writes bench/results/peers.json.
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runChild } from "../harness/run-child.js";
import { describeMachine } from "../report/describe-machine.js";
import { summarize, type Summary } from "../stats/summarize.js";
import { formatPeersReport, type PeerReport } from "./format-peers-report.js";
import { PEERS_DIR, peerNode } from "./peer-node.js";

const BENCH_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PEERS = ["codemode", "sebastianwessel-quickjs", "utcp-code-mode", "run", "ai-sdk-code-mode"] as const;
const COLD_ROUNDS = 5;
const log = (line: string) => process.stderr.write(`${line}\n`);

const node = peerNode();
const nodeVersion = execFileSync(node, ["--version"]).toString().trim();
const reports: PeerReport[] = [];
for (const name of PEERS) {
  log(`peers: ${name} on Node ${nodeVersion}`);
  const adapter = `${PEERS_DIR}adapters/${name}.mjs`;
  const options = { cwd: BENCH_ROOT, node, nodeArgs: ["--import", "tsx"], timeoutMs: 600_000 };
  const report: PeerReport = { name, label: name, settings: "", workloads: {} };
  try {
    const measured = await runChild<Omit<PeerReport, "name" | "burst" | "cold">>("src/peers/peer-child.ts", ["measure", adapter], options);
    Object.assign(report, measured.value);
    report.burst = (await runChild<{ burst: PeerReport["burst"] }>("src/peers/peer-child.ts", ["burst", adapter], options)).value.burst;
    report.cold = await measureCold(name);
  } catch (error) {
    report.error = String((error as Error).message).slice(0, 500);
  }
  reports.push(report);
}
const result = { machine: { ...describeMachine(), node: nodeVersion }, peers: reports };
await writeFile(`${BENCH_ROOT}/results/peers.json`, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\n## Peers (bench/results/peers.json, Node ${nodeVersion})\n\n${formatPeersReport(reports)}\n`);

async function measureCold(name: string): Promise<{ peer: Summary; floor: Summary }> {
  const peer: number[] = [];
  const floor: number[] = [];
  for (let round = 0; round < COLD_ROUNDS; round++) {
    const run = await runChild<{ totalMs: number }>(`${PEERS_DIR}cold-start.mjs`, [name], { cwd: PEERS_DIR, node });
    peer.push(run.value.totalMs);
    const base = await runChild<{ totalMs: number }>("src/engine/children/cold-start.mjs", ["floor"], { cwd: BENCH_ROOT, node });
    floor.push(base.value.totalMs);
  }
  return { peer: summarize(peer), floor: summarize(floor) };
}

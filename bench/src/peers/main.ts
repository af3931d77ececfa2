// `pnpm bench:peers`: the engine's workloads against the strongest peers, side by side, each in fresh processes on
// Node >= 22.13, each beside the floor measured in the same process. Writes bench/results/peers.json.
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runChild } from "../harness/run-child.js";
import { describeMachine } from "../report/describe-machine.js";
import { summarize, type Summary } from "../stats/summarize.js";
import { formatPeersReport, type PeerReport } from "./format-peers-report.js";
import { PEERS_DIR, peerNode } from "./peer-node.js";

const BENCH_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PEERS = ["codemode", "sebastianwessel-quickjs", "utcp-code-mode", "run", "ai-sdk-code-mode"] as const;
const COLD_ROUNDS = 5;
// Bounds on each peer's child: a peer that hangs is reported as hung after this long, and its later samples skipped.
const MEASURE_TIMEOUT_MS = 180_000;
const COLD_TIMEOUT_MS = 30_000;
const log = (line: string) => process.stderr.write(`${line}\n`);

// `pnpm bench:peers run utcp-code-mode` measures only those peers and keeps the others' last figures.
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(PEERS as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`Unknown peer ${unknown.join(", ")}; one of ${PEERS.join(", ")}.`);
const RESULTS = `${BENCH_ROOT}/results/peers.json`;
const previous = chosen.length > 0 ? await readPrevious() : [];
const node = peerNode();
const nodeVersion = execFileSync(node, ["--version"]).toString().trim();
const reports: PeerReport[] = [];
for (const name of PEERS) {
  if (chosen.length > 0 && !chosen.includes(name)) {
    const kept = previous.find((report) => report.name === name);
    if (kept) reports.push(kept);
    continue;
  }
  log(`peers: ${name} on Node ${nodeVersion}`);
  const adapter = `${PEERS_DIR}adapters/${name}.mjs`;
  const options = { cwd: BENCH_ROOT, node, nodeArgs: ["--import", "tsx"], timeoutMs: MEASURE_TIMEOUT_MS };
  const report: PeerReport = { name, label: name, settings: "", workloads: {} };
  // Each phase on its own: a peer that crashes under 200 runs at once still gets its other figures.
  const phase = async (what: string, measure: () => Promise<void>) => {
    try {
      await measure();
    } catch (error) {
      report.errors = { ...report.errors, [what]: String((error as Error).message).slice(0, 500) };
    }
  };
  await phase("measure", async () => {
    const measured = await runChild<Omit<PeerReport, "name">>("src/peers/peer-child.ts", ["measure", adapter], options);
    Object.assign(report, measured.value);
  });
  await phase("burst", async () => {
    report.burst = (await runChild<{ burst: PeerReport["burst"] }>("src/peers/peer-child.ts", ["burst", adapter], options)).value.burst;
  });
  await phase("cold", async () => {
    report.cold = await measureCold(name);
  });
  reports.push(report);
}
const result = { machine: { ...describeMachine(), node: nodeVersion }, peers: reports };
await writeFile(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\n## Peers (bench/results/peers.json, Node ${nodeVersion})\n\n${formatPeersReport(reports)}\n`);

async function readPrevious(): Promise<PeerReport[]> {
  try {
    return (JSON.parse(await readFile(RESULTS, "utf8")) as { peers: PeerReport[] }).peers;
  } catch {
    return [];
  }
}

async function measureCold(name: string): Promise<{ peer: Summary; floor: Summary }> {
  const peer: number[] = [];
  const floor: number[] = [];
  for (let round = 0; round < COLD_ROUNDS; round++) {
    // A hung sample throws: the peer's cold start is reported as hung once, not waited for five times.
    const run = await runChild<{ totalMs: number }>(`${PEERS_DIR}cold-start.mjs`, [name], { cwd: PEERS_DIR, node, timeoutMs: COLD_TIMEOUT_MS });
    peer.push(run.value.totalMs);
    const base = await runChild<{ totalMs: number }>("src/engine/children/cold-start.mjs", ["floor"], { cwd: BENCH_ROOT, node, timeoutMs: COLD_TIMEOUT_MS });
    floor.push(base.value.totalMs);
  }
  return { peer: summarize(peer), floor: summarize(floor) };
}

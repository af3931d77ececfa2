import { fileURLToPath } from "node:url";
import { runSessionClients, startCluster, type Cluster } from "@codemode/cluster-harness";
import { summarize } from "../stats/summarize.js";

/** The size of the cluster benchmark. */
export interface ClusterSettings {
  /** MCP clients of 2026-07-28 at once, each in its own code session. */
  clients: number;
  /** Executions each client makes in a row, per round. */
  executions: number;
  /** Measured rounds per setup, interleaved across setups (after one warm-up round each). */
  rounds: number;
}

/** One way of serving the same load. */
export type ClusterSetup = "one process" | "1 replica" | "3 replicas";

/** One setup's figures over its rounds. */
export interface SetupFigures {
  setup: ClusterSetup;
  /** Executions per second of each round, and their median. */
  executionsPerSecond: { rounds: number[]; median: number };
  /** Latency of an execution as its client saw it, in ms: the median over rounds of each round's p50 and p99. */
  latency: { median: number; p99: number };
}

/** What Redis did per session execution, read from INFO before and after the measured rounds of one setup. */
export interface RedisCost {
  setup: ClusterSetup;
  /** Requests the replicas sent Redis per execution: its round trips (a script called with EVALSHA is one). */
  roundTripsPerExecution: number;
  /** Commands Redis ran per execution, those inside the scripts included. */
  commandsPerExecution: number;
  /** Bytes to and from Redis per execution (the session's saved state travels both ways). */
  bytesPerExecution: { in: number; out: number };
  /** The commands by name, per execution. */
  byCommand: Record<string, number>;
  /** Redis's own CPU time per execution, in microseconds (user + system). */
  cpuMicrosecondsPerExecution: number;
}

/** What `pnpm bench cluster` writes to results/cluster.json. */
export interface ClusterReport {
  settings: ClusterSettings;
  setups: SetupFigures[];
  /** Median executions/s of 3 replicas over that of 1 replica, through HAProxy and Redis both. */
  ratio3to1: number;
  redis: RedisCost[];
  /** Answers that were wrong, and sessions lost; both must be 0. */
  wrong: number;
  lost: number;
}

export const DEFAULT_CLUSTER_SETTINGS: ClusterSettings = { clients: 48, executions: 10, rounds: 3 };

const SHOP_SERVER = fileURLToPath(new URL("../load/shop-server.ts", import.meta.url));
const BENCH_DIR = fileURLToPath(new URL("../..", import.meta.url));

/** Two shop upstreams (stdio, no delay) and sessions on: the cluster harness adds cluster, auth and sessions. */
function benchConfig(): Record<string, unknown> {
  const upstream = (name: string) => ({ command: process.execPath, args: ["--import", "tsx", SHOP_SERVER], cwd: BENCH_DIR, env: { SHOP_SERVER: name, SHOP_DELAY_MS: "0" } });
  return { mcpServers: { orders: upstream("orders"), pricing: upstream("pricing") }, limits: { timeoutMs: 120_000 } };
}

/**
 * Runs the cluster benchmark: the same session load (every client resuming its own code session execution after
 * execution) on one process without Redis or HAProxy, on one replica behind HAProxy with Redis, and on three,
 * rounds interleaved so that the machine's noise hits all alike.
 */
export async function runClusterBench(log: (line: string) => void, settings: ClusterSettings = DEFAULT_CLUSTER_SETTINGS): Promise<ClusterReport> {
  const setups: { setup: ClusterSetup; cluster: Cluster }[] = [];
  try {
    for (const [setup, options] of [
      ["one process", { replicas: 1, shared: false, loadBalancer: false }],
      ["1 replica", { replicas: 1 }],
      ["3 replicas", { replicas: 3 }],
    ] as const) {
      log(`cluster: starting ${setup}`);
      setups.push({ setup, cluster: await startCluster({ ...options, config: benchConfig() }) });
    }
    const rates = new Map<ClusterSetup, number[]>(setups.map(({ setup }) => [setup, []]));
    // Each round's p50 and p99; the setup's figures are their medians over rounds.
    const perExecution = new Map<ClusterSetup, { p50: number; p99: number }[]>(setups.map(({ setup }) => [setup, []]));
    const before = new Map<ClusterSetup, RedisSample>();
    const executions = new Map<ClusterSetup, number>(setups.map(({ setup }) => [setup, 0]));
    let wrong = 0;
    let lost = 0;
    for (let round = -1; round < settings.rounds; round++) {
      // Who goes first alternates, so that drift favours no setup.
      const order = round % 2 === 0 ? [...setups].reverse() : setups;
      for (const { setup, cluster } of order) {
        log(`cluster: ${round < 0 ? "warm-up" : `round ${round + 1}/${settings.rounds}`}, ${setup}: ${settings.clients} clients x ${settings.executions} executions`);
        if (round === 0 && cluster.redis) before.set(setup, await sampleRedis(cluster));
        const report = await runSessionClients({ url: cluster.url, token: cluster.token, clients: settings.clients, minExecutions: settings.executions });
        wrong += report.wrong;
        lost += report.lost;
        if (round < 0) continue;
        rates.get(setup)?.push(report.executionsPerSecond);
        perExecution.get(setup)?.push(report.latency);
        executions.set(setup, (executions.get(setup) ?? 0) + report.executions);
      }
    }
    const redis: RedisCost[] = [];
    for (const { setup, cluster } of setups) {
      const start = before.get(setup);
      if (!start) continue;
      redis.push(redisCost(setup, start, await sampleRedis(cluster), executions.get(setup) ?? 0));
    }
    const figures = setups.map(({ setup }): SetupFigures => {
      const rounds = rates.get(setup) ?? [];
      const spread = perExecution.get(setup) ?? [];
      return {
        setup,
        executionsPerSecond: { rounds, median: round1(summarize(rounds).median) },
        latency: { median: round1(summarize(spread.map((entry) => entry.p50)).median), p99: round1(summarize(spread.map((entry) => entry.p99)).median) },
      };
    });
    const median = (setup: ClusterSetup) => figures.find((entry) => entry.setup === setup)?.executionsPerSecond.median ?? 0;
    return { settings, setups: figures, ratio3to1: Math.round((median("3 replicas") / median("1 replica")) * 100) / 100, redis, wrong, lost };
  } finally {
    await Promise.all(setups.map(({ cluster }) => cluster.close()));
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The commands a replica sends Redis itself: every session operation is one Lua script (EVALSHA, or EVAL the first
 * time), whose own calls (HSET, ZADD, ...) Redis counts under their names too; GET, SET and PUBLISH are the
 * continuation store's and the upstream news'.
 */
const CLIENT_COMMANDS = ["evalsha", "eval", "get", "set", "publish"];

interface RedisSample {
  commands: Record<string, number>;
  cpuSeconds: number;
  bytesIn: number;
  bytesOut: number;
}

/** Redis's per-command call counts and its CPU time so far (INFO commandstats, INFO cpu). */
async function sampleRedis(cluster: Cluster): Promise<RedisSample> {
  const redis = cluster.redis;
  if (!redis) throw new Error("This setup has no Redis.");
  const commands: Record<string, number> = {};
  for (const line of (await redis.command("INFO", "commandstats")).split("\n")) {
    const match = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
    if (match?.[1] && match[2]) commands[match[1]] = Number(match[2]);
  }
  const info = `${await redis.command("INFO", "cpu")}\n${await redis.command("INFO", "stats")}`;
  const read = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? 0);
  return {
    commands,
    cpuSeconds: read("used_cpu_user") + read("used_cpu_sys"),
    bytesIn: read("total_net_input_bytes"),
    bytesOut: read("total_net_output_bytes"),
  };
}

function redisCost(setup: ClusterSetup, before: RedisSample, after: RedisSample, executions: number): RedisCost {
  const byCommand: Record<string, number> = {};
  let total = 0;
  for (const [name, calls] of Object.entries(after.commands)) {
    // INFO itself is the benchmark's own reading, not the gateway's work.
    if (name === "info") continue;
    const delta = calls - (before.commands[name] ?? 0);
    if (delta <= 0) continue;
    byCommand[name] = Math.round((delta / executions) * 100) / 100;
    total += delta;
  }
  const perExecution = (value: number) => Math.round((value / executions) * 100) / 100;
  const sent = (name: string) => (after.commands[name] ?? 0) - (before.commands[name] ?? 0);
  return {
    setup,
    roundTripsPerExecution: perExecution(CLIENT_COMMANDS.reduce((total, name) => total + sent(name), 0)),
    bytesPerExecution: { in: Math.round((after.bytesIn - before.bytesIn) / executions), out: Math.round((after.bytesOut - before.bytesOut) / executions) },
    commandsPerExecution: Math.round((total / executions) * 100) / 100,
    byCommand,
    cpuMicrosecondsPerExecution: Math.round(((after.cpuSeconds - before.cpuSeconds) * 1e6) / executions),
  };
}

import { isDeepStrictEqual } from "node:util";
import { performance } from "node:perf_hooks";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createCodeMode, type CodeMode, type ExecutionResult } from "@codemode/core";
import { residentMb } from "../leaks/sample-process.js";
import { summarize, type Summary } from "../stats/summarize.js";
import { expectedAnswer, shopInput, shopScript, shopToolDefinitions } from "./shop-tools.js";
import { startGatewayChild } from "./start-gateway-child.js";

/** The size of the load benchmark. */
export interface LoadSettings {
  clients: number;
  /** Runs each client makes one after another while all clients run at once. */
  runsPerClient: number;
  /** Runs of the lone client. */
  soloRuns: number;
  /** Rounds of the concurrent phase, alternating gateway and floor. */
  rounds: number;
  /** How long each upstream tool takes to answer. */
  delayMs: number;
}

/** One phase's figures: latency of each run as its client saw it, and runs per second over the phase's wall time. */
export interface PhaseFigures {
  runs: number;
  latency: Summary;
  /** Median over rounds. */
  runsPerSecond: number;
}

/** What `pnpm bench load` writes to results/load.json. */
export interface LoadReport {
  settings: LoadSettings;
  gateway: { solo: PhaseFigures; concurrent: PhaseFigures };
  floor: { solo: PhaseFigures; concurrent: PhaseFigures };
  memory: { idleRssMb: number; peakRssMb: number; peakHwmMb: number };
  /** Runs whose answer was not the one their input called for (another client's, or a failure); must be 0. */
  wrong: { count: number; examples: string[] };
}

export const DEFAULT_LOAD_SETTINGS: LoadSettings = { clients: 100, runsPerClient: 5, soloRuns: 40, rounds: 2, delayMs: 2 };

type Runner = (client: number, run: number) => Promise<unknown>;

/** Runs the load benchmark: a real gateway process over HTTP, against the same scripts through createCodeMode in-process. */
export async function runLoadBench(log: (line: string) => void, settings: LoadSettings = DEFAULT_LOAD_SETTINGS): Promise<LoadReport> {
  const wrong: string[] = [];
  const gateway = await startGatewayChild({ delayMs: settings.delayMs });
  const floor = createFloor(settings.delayMs);
  try {
    log(`load: connecting ${settings.clients} MCP clients over HTTP`);
    const clients = await Promise.all(Array.from({ length: settings.clients }, () => connect(gateway.url)));
    const viaGateway: Runner = async (client, run) => {
      const answer = await clients[client]!.callTool({ name: "execute", arguments: { code: shopScript(shopInput(client, run)) } }, { timeout: 300_000 });
      return answer.structuredContent;
    };
    const viaFloor: Runner = (client, run) => floor.execute(shopScript(shopInput(client, run)));
    const checked = (runner: Runner): Runner => async (client, run) => {
      const result = (await runner(client, run)) as ExecutionResult;
      const expected = expectedAnswer(shopInput(client, run));
      if (result?.status !== "completed" || !isDeepStrictEqual(result.result, expected)) {
        wrong.push(`client ${client} run ${run}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(result?.result ?? result)}`);
      }
      return result;
    };

    log("load: warming up (every client once, both sides)");
    await concurrent(checked(viaGateway), settings.clients, 1, -1);
    await concurrent(checked(viaFloor), settings.clients, 1, -1);
    const idleRssMb = residentMb(gateway.pid)?.rssMb ?? 0;

    log(`load: one client alone, ${settings.soloRuns} runs each side`);
    const solo = { gateway: await sequential(checked(viaGateway), settings.soloRuns), floor: await sequential(checked(viaFloor), settings.soloRuns) };

    const rounds: { gateway: Timed[]; floor: Timed[] } = { gateway: [], floor: [] };
    let peakRssMb = idleRssMb;
    for (let round = 0; round < settings.rounds; round++) {
      log(`load: round ${round + 1}/${settings.rounds}, ${settings.clients} clients x ${settings.runsPerClient} runs at once`);
      const poller = setInterval(() => (peakRssMb = Math.max(peakRssMb, residentMb(gateway.pid)?.rssMb ?? 0)), 20);
      rounds.gateway.push(await concurrent(checked(viaGateway), settings.clients, settings.runsPerClient, round * settings.runsPerClient));
      clearInterval(poller);
      rounds.floor.push(await concurrent(checked(viaFloor), settings.clients, settings.runsPerClient, round * settings.runsPerClient));
    }
    const peakHwmMb = residentMb(gateway.pid)?.peakMb ?? 0;
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    return {
      settings,
      gateway: { solo: figures([solo.gateway]), concurrent: figures(rounds.gateway) },
      floor: { solo: figures([solo.floor]), concurrent: figures(rounds.floor) },
      memory: { idleRssMb, peakRssMb, peakHwmMb },
      wrong: { count: wrong.length, examples: wrong.slice(0, 5) },
    };
  } finally {
    await floor.close();
    await gateway.close();
  }
}

interface Timed {
  latencies: number[];
  wallMs: number;
}

/** A client of today's MCP: pinned to 2026-07-28, each request stands alone (no initialize, no session). */
async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "load-bench", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** Every client at once, each making `runs` runs in a row; run numbers start at `firstRun` (negative for warm-ups). */
async function concurrent(runner: Runner, clients: number, runs: number, firstRun: number): Promise<Timed> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let run = firstRun; run < firstRun + runs; run++) {
        const begin = performance.now();
        await runner(client, run);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return { latencies, wallMs: performance.now() - started };
}

function sequential(runner: Runner, runs: number): Promise<Timed> {
  return concurrent(runner, 1, runs, 1_000_000);
}

function figures(rounds: readonly Timed[]): PhaseFigures {
  const latencies = rounds.flatMap((round) => round.latencies);
  const rates = rounds.map((round) => (round.latencies.length * 1000) / round.wallMs);
  return { runs: latencies.length, latency: summarize(latencies), runsPerSecond: summarize(rates).median };
}

/** The same tools in-process, with the same delay: what the gateway, MCP and HTTP add is the difference. */
function createFloor(delayMs: number): CodeMode {
  return createCodeMode({
    tools: shopToolDefinitions(delayMs),
    limits: { timeoutMs: 120_000 },
  });
}

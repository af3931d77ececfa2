import { fork } from "node:child_process";
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ExecutionResult } from "@codemode/core";
import { expectedAnswer, shopInput, shopScript } from "../load/shop-tools.js";
import { startGatewayChild } from "../load/start-gateway-child.js";
import { analyzeSamples, type LeakAnalysis } from "./analyze-samples.js";
import { steadyRuns } from "./leak-workloads.js";
import type { ProcessSample } from "./sample-process.js";

/** The size of the leak benchmark. */
export interface LeakSettings {
  engineRuns: number;
  engineSampleEvery: number;
  gatewayRuns: number;
  gatewayClients: number;
  /** Each client closes and opens a new MCP session after this many runs, as short-lived agents do. */
  gatewayRunsPerSession: number;
  /** How a client ends its session: a plain `close()` as most do (no DELETE), or `terminateSession()` first. */
  gatewaySessionEnd: "close" | "terminate";
  gatewaySampleEvery: number;
  /** Samples before this share of the runs are the warm-up: pools fill, modules compile, caches settle. */
  warmupShare: number;
}

/** One leak run: the analysed samples, every sample, and the wrong answers (must be none). */
export interface LeakPart {
  runs: number;
  wallMs: number;
  analysis: LeakAnalysis;
  samples: ProcessSample[];
  wrong: { count: number; examples: string[] };
}

/** What `pnpm bench leaks` writes to results/leaks.json. */
export interface LeaksReport {
  settings: LeakSettings;
  engine: LeakPart & {
    kinds: Record<string, number>;
    afterClose: ProcessSample;
    /** Runs whose worker could not load because packages/core/dist was being rebuilt meanwhile (not counted as wrong). */
    notStartedWhileCoreRebuilt: number;
  };
  gateway: LeakPart & { sessions: number };
}

export const DEFAULT_LEAK_SETTINGS: LeakSettings = {
  engineRuns: 10_000,
  engineSampleEvery: 250,
  gatewayRuns: 10_000,
  gatewayClients: 4,
  gatewayRunsPerSession: 25,
  gatewaySessionEnd: "close",
  gatewaySampleEvery: 250,
  warmupShare: 0.1,
};

const LEAK_CHILD = fileURLToPath(new URL("./leak-child.ts", import.meta.url));
const BENCH_DIR = fileURLToPath(new URL("../..", import.meta.url));

/** Runs both leak runs: 10,000 executions through createCodeMode in a fresh process, then a shorter run through a gateway. */
export async function runLeaksBench(log: (line: string) => void, settings: LeakSettings = DEFAULT_LEAK_SETTINGS): Promise<LeaksReport> {
  log(`leaks: ${settings.engineRuns} executions in a row through createCodeMode (a fresh process, --expose-gc)`);
  const engine = await runEngineLeaks(settings, log);
  log(`leaks: ${settings.gatewayRuns} executions through a gateway over HTTP, ${settings.gatewayClients} clients, a new session every ${settings.gatewayRunsPerSession} runs`);
  const gateway = await runGatewayLeaks(settings, log);
  return { settings, engine, gateway };
}

interface Done {
  wallMs: number;
  notStartedWhileCoreRebuilt: number;
  kinds: Record<string, number>;
  wrong: { count: number; examples: string[] };
  closed: ProcessSample;
}

async function runEngineLeaks(settings: LeakSettings, log: (line: string) => void): Promise<LeaksReport["engine"]> {
  const env: NodeJS.ProcessEnv = { ...process.env, LEAK_RUNS: String(settings.engineRuns), LEAK_SAMPLE_EVERY: String(settings.engineSampleEvery) };
  delete env.NODE_OPTIONS;
  const child = fork(LEAK_CHILD, [], { cwd: BENCH_DIR, env, execArgv: ["--expose-gc", "--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const samples: ProcessSample[] = [];
  const done = await new Promise<Done>((resolve, reject) => {
    child.on("message", (message: { type: string; sample?: ProcessSample } & Partial<Done>) => {
      if (message.type === "sample" && message.sample) {
        samples.push(message.sample);
        if (message.sample.runs % (settings.engineSampleEvery * 8) === 0) log(`leaks: engine ${message.sample.runs} runs, RSS ${message.sample.rssMb.toFixed(0)} MB`);
      } else if (message.type === "done") resolve(message as Done);
    });
    child.once("exit", (code) => reject(new Error(`The leak child exited with ${code} before it was done.`)));
  });
  child.kill();
  return {
    runs: settings.engineRuns,
    wallMs: done.wallMs,
    analysis: analyzeSamples(samples, { warmupRuns: settings.engineRuns * settings.warmupShare, memoryUntilRuns: steadyRuns(settings.engineRuns) }),
    samples,
    wrong: done.wrong,
    kinds: done.kinds,
    afterClose: done.closed,
    notStartedWhileCoreRebuilt: done.notStartedWhileCoreRebuilt,
  };
}

async function runGatewayLeaks(settings: LeakSettings, log: (line: string) => void): Promise<LeaksReport["gateway"]> {
  // Client sessions ended without DELETE are closed once idle: 10 s here, so that it happens within the run.
  const gateway = await startGatewayChild({ delayMs: 0, idleSessionMs: 10_000 });
  const samples: ProcessSample[] = [await gateway.sample(0)];
  const wrong: string[] = [];
  let finished = 0;
  let sessions = 0;
  let sampling = Promise.resolve();
  const started = performance.now();
  try {
    const perClient = Math.ceil(settings.gatewayRuns / settings.gatewayClients);
    await Promise.all(
      Array.from({ length: settings.gatewayClients }, async (_, clientIndex) => {
        let client: Client | undefined;
        let transport: StreamableHTTPClientTransport | undefined;
        const end = async () => {
          if (settings.gatewaySessionEnd === "terminate") await transport?.terminateSession();
          await client?.close();
        };
        for (let run = 0; run < perClient; run++) {
          if (run % settings.gatewayRunsPerSession === 0) {
            await end();
            client = new Client({ name: "leak-bench", version: "1.0.0" });
            transport = new StreamableHTTPClientTransport(new URL(gateway.url));
            await client.connect(transport);
            sessions++;
          }
          const input = shopInput(clientIndex, run);
          const answer = await client!.callTool({ name: "execute", arguments: { code: shopScript(input) } });
          const result = answer.structuredContent as unknown as ExecutionResult;
          if (result?.status !== "completed" || !isDeepStrictEqual(result.result, expectedAnswer(input))) {
            wrong.push(`client ${clientIndex} run ${run}: got ${JSON.stringify(result?.result ?? answer)}`);
          }
          finished++;
          if (finished % settings.gatewaySampleEvery === 0) {
            const at = finished;
            sampling = sampling.then(async () => void samples.push(await gateway.sample(at)));
            if (at % (settings.gatewaySampleEvery * 5) === 0) log(`leaks: gateway ${at} runs`);
          }
        }
        await end();
      }),
    );
    await sampling;
  } finally {
    await gateway.close();
  }
  return {
    runs: finished,
    wallMs: performance.now() - started,
    analysis: analyzeSamples(samples, { warmupRuns: settings.gatewayRuns * settings.warmupShare }),
    samples,
    wrong: { count: wrong.length, examples: wrong.slice(0, 5) },
    sessions,
  };
}

import { fork } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ExecutionResult } from "@codemode/core";
import { expectedAnswer, shopInput, shopScript } from "../load/shop-tools.js";
import { closeGatewayChild } from "../load/start-gateway-child.js";
import { summarize, type Summary } from "../stats/summarize.js";

/** The size of the quota benchmark. */
export interface QuotasSettings {
  /** Well-behaved principals, each one client making runs one after another. */
  steadyClients: number;
  /** Runs each steady client makes in one phase. */
  runsPerPhase: number;
  /** Calls the noisy principal keeps in flight at once, each starting again as soon as it is answered. */
  noisyInFlight: number;
  /** The noisy principal's `maxConcurrentExecutions`. */
  noisyQuota: number;
  /** Rounds of the three phases, interleaved. */
  rounds: number;
  delayMs: number;
}

/** What `pnpm bench quotas` writes to results/quotas.json. */
export interface QuotasReport {
  settings: QuotasSettings;
  /** Steady principals' run latency: alone, beside the noisy one with its quota, and beside it with no quotas. */
  steady: { alone: Summary; besideNoisyWithQuota: Summary; besideNoisyWithoutQuota: Summary };
  /** Medians' ratios to `alone`, the figure to read: 1.00x is "served at their usual latency". */
  ratios: { withQuota: number; withoutQuota: number };
  /** The noisy principal's answers beside the steady ones, with its quota on. */
  noisy: { completed: number; refused: number; otherErrors: number; refusedLatency: Summary | undefined; refusalMessage: string | undefined };
  /** Runs that failed or answered wrongly (other than the noisy principal's quota refusals); must be 0. */
  wrong: { count: number; examples: string[] };
}

export const DEFAULT_QUOTAS_SETTINGS: QuotasSettings = { steadyClients: 4, runsPerPhase: 15, noisyInFlight: 24, noisyQuota: 1, rounds: 3, delayMs: 2 };

const CHILD = fileURLToPath(new URL("./quota-gateway-child.ts", import.meta.url));
const BENCH_DIR = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Runs the quota benchmark: a real gateway process over HTTP, steady principals measured alone, then beside a noisy
 * principal that keeps many executions in flight: once with that principal under a concurrency quota, once on a
 * gateway without quotas, interleaved round by round.
 */
export async function runQuotasBench(log: (line: string) => void, settings: QuotasSettings = DEFAULT_QUOTAS_SETTINGS): Promise<QuotasReport> {
  const steadyNames = Array.from({ length: settings.steadyClients }, (_, index) => `steady-${index}`);
  const principals = Object.fromEntries([...steadyNames, "noisy"].map((name) => [name, `bench-token-${name}-0123456789`]));
  const quotas = { maxConcurrentExecutions: 8, principals: { noisy: { maxConcurrentExecutions: settings.noisyQuota } } };
  const wrong: string[] = [];
  const withQuota = await startChild(principals, quotas, settings.delayMs);
  const withoutQuota = await startChild(principals, null, settings.delayMs);
  try {
    log(`quotas: connecting ${steadyNames.length} steady clients and a noisy one to each gateway`);
    const sides = await Promise.all(
      [withQuota, withoutQuota].map(async (child) => ({
        steady: await Promise.all(steadyNames.map((name) => connect(child.url, principals[name]!))),
        noisy: await Promise.all(Array.from({ length: settings.noisyInFlight }, () => connect(child.url, principals.noisy!))),
      })),
    );
    const [quotaSide, freeSide] = sides as [(typeof sides)[number], (typeof sides)[number]];
    const samples = { alone: [] as number[], besideNoisyWithQuota: [] as number[], besideNoisyWithoutQuota: [] as number[] };
    const noisy = { completed: 0, refused: 0, otherErrors: 0, refusedLatency: [] as number[], refusalMessage: undefined as string | undefined };

    log("quotas: warming up");
    await steadyPhase(quotaSide.steady, 2, -10, wrong);
    await steadyPhase(freeSide.steady, 2, -10, wrong);
    for (let round = 0; round < settings.rounds; round++) {
      const first = round * settings.runsPerPhase;
      log(`quotas: round ${round + 1}/${settings.rounds}: alone, beside the noisy principal with its quota, without quotas`);
      samples.alone.push(...(await steadyPhase(quotaSide.steady, settings.runsPerPhase, first, wrong)));
      const stopQuota = hammer(quotaSide.noisy, noisy);
      samples.besideNoisyWithQuota.push(...(await steadyPhase(quotaSide.steady, settings.runsPerPhase, first, wrong)));
      await stopQuota();
      const ignored = { completed: 0, refused: 0, otherErrors: 0, refusedLatency: [] as number[], refusalMessage: undefined as string | undefined };
      const stopFree = hammer(freeSide.noisy, ignored);
      samples.besideNoisyWithoutQuota.push(...(await steadyPhase(freeSide.steady, settings.runsPerPhase, first, wrong)));
      await stopFree();
    }
    await Promise.all(sides.flatMap((side) => [...side.steady, ...side.noisy]).map((client) => client.close().catch(() => undefined)));
    const steady = {
      alone: summarize(samples.alone),
      besideNoisyWithQuota: summarize(samples.besideNoisyWithQuota),
      besideNoisyWithoutQuota: summarize(samples.besideNoisyWithoutQuota),
    };
    return {
      settings,
      steady,
      ratios: { withQuota: steady.besideNoisyWithQuota.median / steady.alone.median, withoutQuota: steady.besideNoisyWithoutQuota.median / steady.alone.median },
      noisy: { ...noisy, refusedLatency: noisy.refusedLatency.length > 0 ? summarize(noisy.refusedLatency) : undefined },
      wrong: { count: wrong.length, examples: wrong.slice(0, 5) },
    };
  } finally {
    await Promise.all([withQuota.close(), withoutQuota.close()]);
  }
}

interface Child {
  url: string;
  close(): Promise<void>;
}

async function startChild(principals: Record<string, string>, quotas: unknown, delayMs: number): Promise<Child> {
  const env: NodeJS.ProcessEnv = { ...process.env, SHOP_DELAY_MS: String(delayMs), GATEWAY_PRINCIPALS: JSON.stringify(principals), GATEWAY_QUOTAS: JSON.stringify(quotas) };
  delete env.NODE_OPTIONS;
  const child = fork(CHILD, [], { cwd: BENCH_DIR, env, execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (message: { url: string }) => resolve(message.url));
    child.once("exit", (code) => reject(new Error(`The quota gateway child exited with ${code} before listening.`)));
  });
  return {
    url,
    close: () => closeGatewayChild(child),
  };
}

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "quotas-bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

interface Answer {
  isError?: boolean;
  content?: { text?: string }[];
  structuredContent?: ExecutionResult;
  _meta?: { "codemode/error"?: { quota?: string; retryAfterMs?: number } };
}

const execute = (client: Client, code: string) => client.callTool({ name: "execute", arguments: { code } }, undefined, { timeout: 300_000 }) as Promise<Answer>;

/** Every steady client at once, `runs` runs each in a row; returns each run's latency and records wrong answers. */
async function steadyPhase(clients: readonly Client[], runs: number, firstRun: number, wrong: string[]): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    clients.map(async (client, index) => {
      for (let run = firstRun; run < firstRun + runs; run++) {
        const input = shopInput(index, run);
        const begin = performance.now();
        const answer = await execute(client, shopScript(input));
        latencies.push(performance.now() - begin);
        const result = answer.structuredContent;
        if (result?.status !== "completed" || !isDeepStrictEqual(result.result, expectedAnswer(input))) {
          wrong.push(`steady client ${index} run ${run}: ${JSON.stringify(result ?? answer.content)}`);
        }
      }
    }),
  );
  return latencies;
}

/** Keeps every noisy client calling until stopped; counts completions and quota refusals. */
function hammer(
  clients: readonly Client[],
  tally: { completed: number; refused: number; otherErrors: number; refusedLatency: number[]; refusalMessage: string | undefined },
): () => Promise<void> {
  let stopped = false;
  const loops = clients.map(async (client, index) => {
    for (let run = 0; !stopped; run++) {
      const begin = performance.now();
      const answer = await execute(client, shopScript(shopInput(100 + index, run)));
      const refusal = answer._meta?.["codemode/error"];
      if (refusal?.quota) {
        tally.refused++;
        tally.refusedLatency.push(performance.now() - begin);
        tally.refusalMessage ??= answer.content?.[0]?.text;
        // A client honouring the refusal waits as long as it says before asking again.
        await new Promise((resolve) => setTimeout(resolve, refusal.retryAfterMs ?? 1_000));
      } else if (answer.structuredContent?.status === "completed") tally.completed++;
      else tally.otherErrors++;
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
  };
}

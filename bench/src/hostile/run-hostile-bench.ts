// Hostile scripts against a host that must stay free: every case of the adversarial suite, run against the engine
// in-process and through a gateway in-process, each while the event loop's delay is sampled. A case's figure is the
// largest stall of the host's event loop while it ran; the floor is the largest stall while trivial runs went on for
// as long, measured in the same run (a shared machine's scheduler and the garbage collector stall any process).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createCodeMode, type ExecutionLimits, type ExecutionResult } from "@codemode/core";
import {
  ADVERSARIAL_ALLOW,
  ADVERSARIAL_CASES,
  ADVERSARIAL_LIMITS,
  ADVERSARIAL_WORKSPACE,
  ADVERSARY_NAMESPACE,
  createAdversaryTools,
  type AdversarialCase,
  type AdversarialPrincipal,
  type AdversarialProfile,
  type AdversarialTarget,
} from "@codemode/core/testing";
import { createGateway, parseGatewayConfig } from "@codemode/mcp";
import { atMost, type GoalCheck } from "../report/goal-check.js";

/** The goal: no case stalls the host's event loop longer than this. */
export const STALL_GOAL_MS = 200;

const ADVERSARY_SERVER = fileURLToPath(new URL("./adversary-server.ts", import.meta.url));
const BENCH_DIR = fileURLToPath(new URL("../..", import.meta.url));
const TOKENS: Record<AdversarialPrincipal, string> = { adversary: "adversary-token-0123456789", victim: "victim-token-0123456789" };
const PROFILES: readonly AdversarialProfile[] = ["deadline", "roomy"];

/** One case's figures against one target. */
export interface HostileCase {
  category: string;
  name: string;
  /** The largest delay of the host's event loop while the case ran, in ms. */
  stallMs: number;
  /** How long the case took, in ms. */
  durationMs: number;
  /** Whether it ended with its expected safe outcome, and the run after it worked. */
  ok: boolean;
}

/** The hostile benchmark's figures for one target, as bench/results/hostile.json holds them. */
export interface HostileTargetReport {
  target: "engine" | "gateway";
  /** The largest stall while trivial runs went on, in ms: what the machine itself costs. */
  floorStallMs: number;
  cases: HostileCase[];
  worst: HostileCase;
  goal: GoalCheck;
}

/** What bench/results/hostile.json holds. */
export interface HostileReport {
  targets: HostileTargetReport[];
  wrong: string[];
}

/** Runs the benchmark; `log` gets progress lines. */
export async function runHostileBench(log: (line: string) => void): Promise<HostileReport> {
  const targets: HostileTargetReport[] = [];
  for (const [target, open] of [["engine", openEngine], ["gateway", openGateway]] as const) {
    log(`hostile: ${ADVERSARIAL_CASES.length} cases against the ${target}`);
    const opened = new Map<AdversarialProfile, Awaited<ReturnType<typeof open>>>();
    for (const profile of PROFILES) opened.set(profile, await open(ADVERSARIAL_LIMITS[profile]));
    try {
      await floor(opened.get("deadline")!.target);
      const floorStallMs = await floor(opened.get("roomy")!.target);
      const cases: HostileCase[] = [];
      for (const entry of ADVERSARIAL_CASES) cases.push(await runCase(opened.get(entry.profile)!.target, entry));
      const worst = cases.reduce((left, right) => (right.stallMs > left.stallMs ? right : left));
      const goal = atMost(`${target}: largest stall of any case`, `<= ${STALL_GOAL_MS} ms`, worst.stallMs, STALL_GOAL_MS, "ms");
      targets.push({ target, floorStallMs, cases, worst, goal });
    } finally {
      for (const { close } of opened.values()) await close();
    }
  }
  const wrong = targets.flatMap(({ target, cases }) => cases.filter((entry) => !entry.ok).map((entry) => `${target}: ${entry.category} / ${entry.name}`));
  return { targets, wrong };
}

/** Measures the largest event-loop delay while `work` runs. */
async function stallDuring<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number; durationMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  const started = performance.now();
  histogram.enable();
  try {
    const value = await work();
    return { value, stallMs: histogram.max / 1e6, durationMs: performance.now() - started };
  } finally {
    histogram.disable();
  }
}

/**
 * What a host loads once, on the first call of its kind (the JSON Schema validator, the catalog's index, the
 * workspace), before anything is measured: a one-time load is not a case's doing.
 */
const WARM_UP = `await tools.adversary.echo({ text: "warm" }); await tools.adversary.match({ text: "aaa" }); await tools.adversary.fail({ bytes: 1 });
await catalog.search({ query: "echo" }); await files.list({}); return 1;`;

/** The stall of trivial runs, one after another for three seconds: what a case's figure is read against. */
async function floor(target: AdversarialTarget): Promise<number> {
  for (const principal of ["adversary", "victim"] as const) await target.execute(WARM_UP, principal);
  const { stallMs } = await stallDuring(async () => {
    const until = performance.now() + 3000;
    while (performance.now() < until) await target.execute("return 1");
  });
  return stallMs;
}

async function runCase(target: AdversarialTarget, entry: AdversarialCase): Promise<HostileCase> {
  let ok = true;
  if (entry.victim?.before) ok &&= (await target.execute(entry.victim.before, "victim")).status === "completed";
  const { value, stallMs, durationMs } = await stallDuring(() =>
    Promise.all([target.execute(entry.code), ...Array.from({ length: entry.observers?.count ?? 0 }, (_, index) => target.execute(entry.observers!.code(index)))]),
  );
  const [result, ...observers] = value;
  ok &&= matches(result!, entry);
  ok &&= observers.every((observer, index) => observer.status === "completed" && isDeepStrictEqual(observer.result, entry.observers!.result(index)));
  if (entry.victim) ok &&= isDeepStrictEqual((await target.execute(entry.victim.after, "victim")).result, entry.victim.result);
  ok &&= (await target.execute("return 1 + 1")).result === 2;
  return { category: entry.category, name: entry.name, stallMs: Math.round(stallMs * 10) / 10, durationMs: Math.round(durationMs), ok };
}

function matches(result: ExecutionResult, entry: AdversarialCase): boolean {
  const { expect } = entry;
  if (result.status !== expect.status) return false;
  if (expect.kind && ![expect.kind].flat().includes(result.error?.kind ?? "ScriptError")) return false;
  return !("result" in expect) || isDeepStrictEqual(result.result, expect.result);
}

interface Opened {
  target: AdversarialTarget;
  close(): Promise<void>;
}

async function openEngine(limits: Readonly<Partial<ExecutionLimits>>): Promise<Opened> {
  const dir = await mkdtemp(join(tmpdir(), "codemode-bench-hostile-"));
  // The check off, as the suite runs: it holds the run's own defences to account.
  const codeMode = createCodeMode({ tools: createAdversaryTools(), poolSize: 2, limits, workspace: { dir, ...ADVERSARIAL_WORKSPACE }, check: "off" });
  return {
    target: {
      execute: (code, principal = "adversary") =>
        codeMode.execute(code, principal === "adversary" ? { owner: principal, allow: ADVERSARIAL_ALLOW } : { owner: principal }),
      close: () => codeMode.close(),
    },
    async close() {
      await codeMode.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function openGateway(limits: Readonly<Partial<ExecutionLimits>>): Promise<Opened> {
  const dir = await mkdtemp(join(tmpdir(), "codemode-bench-hostile-"));
  const config = parseGatewayConfig({
    mcpServers: { [ADVERSARY_NAMESPACE]: { command: process.execPath, args: ["--import", "tsx", ADVERSARY_SERVER], maxResponseBytes: 1024 * 1024 } },
    limits,
    poolSize: 2,
    auth: { bearer: [{ name: "adversary", token: TOKENS.adversary, allow: [...ADVERSARIAL_ALLOW] }, { name: "victim", token: TOKENS.victim }] },
    workspace: { dir, ...ADVERSARIAL_WORKSPACE },
    script: { check: "off" },
  });
  const gateway = createGateway(config, { baseDir: BENCH_DIR, log: () => undefined });
  await gateway.start();
  const listener = await gateway.listen({ port: 0 });
  const clients = new Map<AdversarialPrincipal, Client>();
  for (const principal of ["adversary", "victim"] as const) {
    const client = new Client({ name: `hostile-${principal}`, version: "1.0.0" });
    const requestInit = { headers: { Authorization: `Bearer ${TOKENS[principal]}` } };
    await client.connect(new StreamableHTTPClientTransport(new URL(listener.url), { requestInit }));
    clients.set(principal, client);
  }
  const close = async () => {
    await Promise.all([...clients.values()].map((client) => client.close()));
    await gateway.close();
    await rm(dir, { recursive: true, force: true });
  };
  return {
    target: {
      async execute(code, principal = "adversary") {
        const answer = await clients.get(principal)!.callTool({ name: "execute", arguments: { code } }, undefined, { timeout: 120_000 });
        return answer.structuredContent as unknown as ExecutionResult;
      },
      close,
    },
    close,
  };
}

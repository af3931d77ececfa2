// The figures behind docs/choosing-limits.md: what a worker holds (idle, and after a script filled its memory limit),
// what a live session holds and how long a hibernated one takes to resume, how many executions a pool runs at once
// when they wait on tools or compute, how long a deadline takes to end a script (and what the next run pays for the
// worker that was stopped), and how large the execute tool's description is for a catalog size and a token budget.
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { createCodeMode, defineTool, type ExecutionResult } from "@codemode/core";
import { generateTools } from "../catalog/generate-tools.js";
import { runChild } from "../harness/run-child.js";
import { summarize, type Summary } from "../stats/summarize.js";

const BENCH_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHILDREN = fileURLToPath(new URL("./children/", import.meta.url));
const MiB = 1024 * 1024;

/** One pool's memory, medians of three fresh processes. */
export interface PoolMemory {
  poolSize: number;
  memoryBytes: number;
  fillBytes: number;
  /** RSS with every worker started and idle, over the process's RSS after importing the core. */
  idleBytes: number;
  /** The same after every worker ran a script that filled `fillBytes`. */
  filledBytes: number;
}

/** How many executions a pool finishes per second when many are submitted at once. */
export interface PoolThroughput {
  poolSize: number;
  workload: string;
  runs: number;
  wallMs: number;
  runsPerSecond: number;
}

/** The execute tool's description for a catalog size and a token budget. */
export interface PromptSize {
  tools: number;
  tokenBudget: number;
  /** o200k tokens of the description. */
  tokens: number;
  /** Every signature inline (true), or a namespace summary and `catalog.search` (false). */
  inline: boolean;
}

/** The tuning benchmark's figures, as bench/results/tuning.json holds them. */
export interface TuningReport {
  memory: PoolMemory[];
  sessions: { count: number; perLiveSessionBytes: number; resume: Summary };
  throughput: PoolThroughput[];
  deadlines: { timeoutMs: number; loop: Summary; builtIn: Summary; nextRunAfterStop: Summary; warmRun: Summary };
  prompts: PromptSize[];
}

interface PoolChild {
  ok: boolean;
  baselineRss: number;
  idleRss: number;
  filledRss: number;
}

interface SessionChild {
  ok: boolean;
  count: number;
  baselineRss: number;
  liveRss: number;
  resumeMs: number[];
}

const median = (values: number[]) => summarize(values).median;

async function poolMemory(poolSize: number, memoryBytes: number, fillBytes: number): Promise<PoolMemory> {
  const runs: PoolChild[] = [];
  for (let round = 0; round < 3; round++) {
    const args = [String(poolSize), String(memoryBytes), String(fillBytes)];
    const { value } = await runChild<PoolChild>(`${CHILDREN}pool-memory.mjs`, args, { cwd: BENCH_ROOT, nodeArgs: ["--expose-gc"] });
    if (!value.ok) throw new Error(`pool-memory ${args.join(" ")} answered wrongly.`);
    runs.push(value);
  }
  return {
    poolSize,
    memoryBytes,
    fillBytes,
    idleBytes: median(runs.map((run) => run.idleRss - run.baselineRss)),
    filledBytes: median(runs.map((run) => run.filledRss - run.baselineRss)),
  };
}

async function throughput(poolSize: number, workload: string, code: string, runs: number): Promise<PoolThroughput> {
  const pause = defineTool({ name: "wait", description: "Answers after 20 ms.", execute: () => new Promise((resolve) => setTimeout(() => resolve(1), 20)) });
  const codeMode = createCodeMode({ tools: [pause], poolSize, limits: { timeoutMs: 120_000 } });
  try {
    // Start every worker first, so that the measure is of running, not of starting threads.
    await Promise.all(Array.from({ length: poolSize }, () => codeMode.execute("return (await tools.wait({})).data")));
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: runs }, () => codeMode.execute(code)));
    const wallMs = performance.now() - started;
    const wrong = results.filter((result) => result.status !== "completed");
    if (wrong.length > 0) throw new Error(`${workload} on ${poolSize} workers: ${wrong.length} runs failed: ${wrong[0]!.error?.message}`);
    return { poolSize, workload, runs, wallMs, runsPerSecond: (runs * 1000) / wallMs };
  } finally {
    await codeMode.close();
  }
}

async function deadlines(timeoutMs: number): Promise<TuningReport["deadlines"]> {
  const codeMode = createCodeMode({ poolSize: 1, limits: { timeoutMs } });
  const timed = async (code: string, kind?: string) => {
    const started = performance.now();
    const result: ExecutionResult = await codeMode.execute(code);
    if (kind && result.error?.kind !== kind) throw new Error(`expected ${kind}, got ${result.status} ${result.error?.kind}`);
    return performance.now() - started;
  };
  try {
    const loop: number[] = [];
    const builtIn: number[] = [];
    const nextRun: number[] = [];
    const warmRun: number[] = [];
    for (let round = 0; round < 5; round++) {
      warmRun.push(await timed("return 1"));
      loop.push(await timed("while (true) {}", "TimeoutExceeded"));
      warmRun.push(await timed("return 1"));
      // A built-in that runs long between interrupt checks: only stopping the worker thread ends it.
      builtIn.push(await timed("const big = Array.from({ length: 300000 }, (_, i) => ({ i })); for (;;) JSON.stringify(big);", "TimeoutExceeded"));
      nextRun.push(await timed("return 1"));
    }
    return { timeoutMs, loop: summarize(loop), builtIn: summarize(builtIn), nextRunAfterStop: summarize(nextRun), warmRun: summarize(warmRun) };
  } finally {
    await codeMode.close();
  }
}

async function prompts(): Promise<PromptSize[]> {
  const sizes: PromptSize[] = [];
  for (const count of [10, 30, 100, 1000]) {
    const codeMode = createCodeMode({ tools: generateTools(count, { perNamespace: 10 }) });
    try {
      for (const tokenBudget of [2000, 8000, 32_000]) {
        const text = codeMode.prompt({ tokenBudget });
        sizes.push({ tools: count, tokenBudget, tokens: countTokens(text), inline: text.includes("declare const tools") });
      }
    } finally {
      await codeMode.close();
    }
  }
  return sizes;
}

/** Runs the benchmark; `log` gets progress lines. */
export async function runTuningBench(log: (line: string) => void): Promise<TuningReport> {
  log("tuning: pool memory (fresh processes, three each)");
  const memory: PoolMemory[] = [];
  for (const [poolSize, memoryBytes, fillBytes] of [
    [1, 64 * MiB, 48 * MiB],
    [2, 64 * MiB, 48 * MiB],
    [4, 64 * MiB, 48 * MiB],
    [2, 16 * MiB, 12 * MiB],
  ] as const) {
    memory.push(await poolMemory(poolSize, memoryBytes, fillBytes));
  }
  log("tuning: live sessions");
  const { value: session } = await runChild<SessionChild>(`${CHILDREN}session-memory.mjs`, ["8"], { cwd: BENCH_ROOT, nodeArgs: ["--expose-gc"] });
  if (!session.ok) throw new Error("session-memory answered wrongly.");
  log("tuning: throughput by pool size");
  const throughputs: PoolThroughput[] = [];
  for (const poolSize of [1, 2, 4, 8]) {
    throughputs.push(await throughput(poolSize, "3 tool calls of 20 ms", "for (let i = 0; i < 3; i++) await tools.wait({}); return 1", 48));
  }
  for (const poolSize of [1, 2, 4]) {
    throughputs.push(await throughput(poolSize, "a 300,000-step loop", "let n = 0; for (let i = 0; i < 300000; i++) n += i; return n", 24));
  }
  log("tuning: deadlines");
  const stops = await deadlines(1000);
  log("tuning: the execute tool's description");
  return {
    memory,
    sessions: { count: session.count, perLiveSessionBytes: (session.liveRss - session.baselineRss) / session.count, resume: summarize(session.resumeMs) },
    throughput: throughputs,
    deadlines: stops,
    prompts: await prompts(),
  };
}

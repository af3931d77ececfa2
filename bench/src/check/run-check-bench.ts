import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { createCodeMode, type CodeMode } from "@codemode/core";
import { runChild } from "../harness/run-child.js";
import { atMost, type GoalCheck } from "../report/goal-check.js";
import { summarize, type Summary } from "../stats/summarize.js";
import { checkScript, checkTools, TOOL_COUNTS } from "./check-workload.js";

const BENCH_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FIRST_CHECK_RUNS = 3;
const WARMUP = 5;
const SAMPLES = 30;
/** How long after the code mode is made the later first check comes, as a model's turn would. */
const MODEL_TURN_MS = 1000;

/** `pnpm bench check`: what checking a script costs beside running it. */
export interface CheckReport {
  /**
   * The first check in a fresh process (it starts the compiler) right after the code mode is made, the same 1 s after
   * (a model's turn: what the code mode loads in the background is ready), and the second, by tool count.
   */
  firstCheck: { tools: number; first: Summary; firstAfterTurn: Summary; second: Summary }[];
  /** A warm check of the 10-line script beside a warm unchecked run of it, in the same process, by tool count. */
  warm: { tools: number; check: Summary; run: Summary; checkPerRun: number }[];
  /** A run with `check: "refuse"` (check, then run) beside one with `check: "off"`, 1,000 tools. */
  checkedRun: { checked: Summary; unchecked: Summary; ratio: number };
  /** The longest the host's event loop waited while 10,000-tool checks ran back to back, beside a check's median. */
  eventLoop: { maxDelayMs: number; p99DelayMs: number; checkMedianMs: number };
  goals: GoalCheck[];
}

interface FirstCheckOutput {
  ok: boolean;
  firstMs: number;
  secondMs: number;
}

/** Measures the check: first after start, warm against 10, 1,000 and 10,000 tools, checked runs, the event loop. */
export async function runCheckBench(log: (line: string) => void): Promise<CheckReport> {
  const firstCheck: CheckReport["firstCheck"] = [];
  for (const count of TOOL_COUNTS) {
    const outputs: Record<"now" | "later", FirstCheckOutput[]> = { now: [], later: [] };
    for (let run = 0; run < FIRST_CHECK_RUNS; run++) {
      for (const [when, delay] of [["now", "0"], ["later", String(MODEL_TURN_MS)]] as const) {
        const { value } = await runChild<FirstCheckOutput>("src/check/children/first-check.ts", [String(count), delay], { cwd: BENCH_ROOT, nodeArgs: ["--import", "tsx"] });
        if (!value.ok) throw new Error(`The first check refused the correct script against ${count} tools.`);
        outputs[when].push(value);
      }
    }
    const first = summarize(outputs.now.map((output) => output.firstMs));
    const firstAfterTurn = summarize(outputs.later.map((output) => output.firstMs));
    firstCheck.push({ tools: count, first, firstAfterTurn, second: summarize([...outputs.now, ...outputs.later].map((output) => output.secondMs)) });
    log(`check: first check against ${count} tools, median ${first.median.toFixed(0)} ms, ${firstAfterTurn.median.toFixed(0)} ms after a turn`);
  }
  const warm: CheckReport["warm"] = [];
  let eventLoop: CheckReport["eventLoop"] | undefined;
  for (const count of TOOL_COUNTS) {
    const tools = checkTools(count);
    const code = checkScript(tools);
    // Unchecked runs, and checks of the same script through the same code mode.
    const codeMode = createCodeMode({ tools, poolSize: 1, check: "off" });
    try {
      const checks: number[] = [];
      const runs: number[] = [];
      for (let index = 0; index < WARMUP + SAMPLES; index++) {
        const check = await timed(() => codeMode.check(code), (result) => result.ok);
        const run = await timed(() => codeMode.execute(code), (result) => result.status === "completed");
        if (index < WARMUP) continue;
        checks.push(check);
        runs.push(run);
      }
      const check = summarize(checks);
      const run = summarize(runs);
      warm.push({ tools: count, check, run, checkPerRun: check.median / run.median });
      log(`check: warm check against ${count} tools ${check.median.toFixed(2)} ms, warm run ${run.median.toFixed(2)} ms`);
      if (count === 10_000) eventLoop = await measureEventLoop(codeMode, code);
    } finally {
      await codeMode.close();
    }
  }
  const checkedRun = await compareRuns();
  log(`check: checked run ${checkedRun.checked.median.toFixed(2)} ms, unchecked ${checkedRun.unchecked.median.toFixed(2)} ms`);
  const thousand = warm.find((row) => row.tools === 1000)!;
  const firstThousand = firstCheck.find((row) => row.tools === 1000)!;
  const goals = [
    atMost("warm check / warm run, 1,000 tools (medians)", "within 5x a warm run", thousand.checkPerRun, 5, "x"),
    atMost("first check after start, 1,000 tools (median)", "under 1 s", firstThousand.first.median, 1000, "ms"),
  ];
  return { firstCheck, warm, checkedRun, eventLoop: eventLoop!, goals };
}

async function timed<T>(action: () => Promise<T>, right: (result: T) => boolean): Promise<number> {
  const started = performance.now();
  const result = await action();
  const elapsed = performance.now() - started;
  if (!right(result)) throw new Error(`A check bench step answered wrongly: ${JSON.stringify(result)}`);
  return elapsed;
}

/** Checked and unchecked runs of the same script, interleaved, against 1,000 tools. */
async function compareRuns(): Promise<CheckReport["checkedRun"]> {
  const tools = checkTools(1000);
  const code = checkScript(tools);
  const checkedMode = createCodeMode({ tools, poolSize: 1 });
  const uncheckedMode = createCodeMode({ tools, poolSize: 1, check: "off" });
  try {
    const checked: number[] = [];
    const unchecked: number[] = [];
    const completed = (result: { status: string }) => result.status === "completed";
    for (let index = 0; index < WARMUP + SAMPLES; index++) {
      const withCheck = await timed(() => checkedMode.execute(code), completed);
      const without = await timed(() => uncheckedMode.execute(code), completed);
      if (index < WARMUP) continue;
      checked.push(withCheck);
      unchecked.push(without);
    }
    const checkedSummary = summarize(checked);
    const uncheckedSummary = summarize(unchecked);
    return { checked: checkedSummary, unchecked: uncheckedSummary, ratio: checkedSummary.median / uncheckedSummary.median };
  } finally {
    await Promise.all([checkedMode.close(), uncheckedMode.close()]);
  }
}

/** The event loop's delay while checks run back to back: the compiler works in its own process. */
async function measureEventLoop(codeMode: CodeMode, code: string): Promise<CheckReport["eventLoop"]> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const times: number[] = [];
  histogram.enable();
  for (let index = 0; index < SAMPLES; index++) times.push(await timed(() => codeMode.check(code), (result) => result.ok));
  histogram.disable();
  return { maxDelayMs: histogram.max / 1e6, p99DelayMs: histogram.percentile(99) / 1e6, checkMedianMs: summarize(times).median };
}

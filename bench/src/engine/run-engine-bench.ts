import { fileURLToPath } from "node:url";
import { createCodeMode, defineTool, type CodeMode, type ExecutionResult } from "@codemode/core";
import { compareInterleaved } from "../harness/compare-interleaved.js";
import { runChild } from "../harness/run-child.js";
import { atLeast, atMost, type GoalCheck } from "../report/goal-check.js";
import { summarize, type Summary } from "../stats/summarize.js";
import { BENCH_INPUT_SCHEMA, BENCH_TOOLS } from "./bench-tools.js";
import { loadFloorModule, runFloor } from "./run-floor.js";
import { checkAnswer, WORKLOADS, type Workload } from "./workloads.js";

const BENCH_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MB = 1024 * 1024;

/** Timings of one in-process workload, the engine beside the floor. */
export interface WorkloadReport {
  title: string;
  floor: Summary;
  engine: Summary;
  /** engine median / floor median */
  ratio: number;
  /** Workload B only: (median of B - median of A) / 100, in microseconds. */
  perCallUs?: { floor: number; engine: number };
}

/** Figures of workload E for one side. */
export interface BurstSide {
  runsPerSecond: Summary;
  peakRssMB: number;
  peakHeapMB: number;
  baselineRssMB: number;
}

/** Figures of the cold start for one side, in milliseconds. */
export interface ColdSide {
  /** import + create + first run, timed inside the child: the goal's figure. */
  total: Summary;
  import: Summary;
  firstRun: Summary;
  /** The child process from spawn to exit, Node's own start-up included. */
  processWall: Summary;
}

/** The engine on the host's own thread (`engine: "in-process"`), beside its own floor of the same run. */
export interface InProcessReport {
  workloads: Record<string, WorkloadReport>;
  perCallUs: { floor: number; engine: number };
  coldStart: { floor: ColdSide; engine: ColdSide };
}

/** Everything the engine benchmark measured (bench/results/engine.json). */
export interface EngineReport {
  workloads: Record<string, WorkloadReport>;
  burst: { floor: BurstSide; engine: BurstSide };
  coldStart: { floor: ColdSide; engine: ColdSide };
  inProcess: InProcessReport;
  goals: GoalCheck[];
  settings: { maxConcurrentCalls: number; poolSize: string };
}

/**
 * The engine as users get it (the built dist), with the bench tools and room for 100 calls in flight (workload C).
 * Unchecked: these workloads measure the sandbox against the raw QuickJS floor; what the check before a run adds is
 * `bench check`'s to measure (checked runs beside unchecked ones).
 */
export function createBenchEngine(engine: "workers" | "in-process" = "workers"): CodeMode {
  return createCodeMode({
    engine,
    tools: Object.entries(BENCH_TOOLS).map(([name, execute]) =>
      defineTool({ name, description: `Benchmark tool ${name}.`, inputSchema: BENCH_INPUT_SCHEMA, execute }),
    ),
    limits: { maxConcurrentCalls: 100 },
    check: "off",
  });
}

/** Runs workloads A-F and the cold start beside the floor; throws only if a side crashes or answers wrongly. */
export async function runEngineBench(log: (line: string) => void): Promise<EngineReport> {
  const module = await loadFloorModule();
  const engine = createBenchEngine();
  const workloads: Record<string, WorkloadReport> = {};
  try {
    for (const workload of WORKLOADS) {
      log(`engine: workload ${workload.id} (${workload.title})`);
      workloads[workload.id] = await measureWorkload(workload, engine, (code) => runFloor(module, code, BENCH_TOOLS));
    }
  } finally {
    await engine.close();
  }
  const a = workloads.A!;
  const b = workloads.B!;
  b.perCallUs = {
    floor: ((b.floor.median - a.floor.median) / 100) * 1000,
    engine: ((b.engine.median - a.engine.median) / 100) * 1000,
  };
  log("engine: workload E (200 runs at once, fresh processes)");
  const burst = await measureBurst(3);
  log("engine: cold start (fresh processes)");
  const coldStart = await measureColdStart(7);
  const inProcess = await measureInProcess(log, module);
  const goals = [...engineGoals(workloads, burst, coldStart), ...inProcessGoals(inProcess)];
  return { workloads, burst, coldStart, inProcess, goals, settings: { maxConcurrentCalls: 100, poolSize: "default" } };
}

/** Workloads A, B and D and the cold start of the in-process engine, each beside the floor in the same run. */
async function measureInProcess(log: (line: string) => void, module: Awaited<ReturnType<typeof loadFloorModule>>): Promise<InProcessReport> {
  const engine = createBenchEngine("in-process");
  const workloads: Record<string, WorkloadReport> = {};
  try {
    for (const workload of WORKLOADS.filter((candidate) => ["A", "B", "D"].includes(candidate.id))) {
      log(`engine in process: workload ${workload.id} (${workload.title})`);
      workloads[workload.id] = await measureWorkload(workload, engine, (code) => runFloor(module, code, BENCH_TOOLS));
    }
  } finally {
    await engine.close();
  }
  const a = workloads.A!;
  const b = workloads.B!;
  const perCallUs = { floor: ((b.floor.median - a.floor.median) / 100) * 1000, engine: ((b.engine.median - a.engine.median) / 100) * 1000 };
  log("engine in process: cold start (fresh processes)");
  const coldStart = await measureColdStart(7, "in-process");
  return { workloads, perCallUs, coldStart };
}

function inProcessGoals(report: InProcessReport): GoalCheck[] {
  const { floor, engine } = report.coldStart;
  return [
    atMost("in process: µs per call / floor's", "within 2x floor", report.perCallUs.engine / report.perCallUs.floor, 2, "x"),
    atMost("in process: cold start / floor's", "within 1.2x floor", engine.total.median / floor.total.median, 1.2, "x"),
  ];
}

async function measureWorkload(
  workload: Workload,
  engine: CodeMode,
  floor: (code: string) => Promise<unknown>,
): Promise<WorkloadReport> {
  // Every run gets a new source, as a model writes new code each time: no cache of prepared scripts can help.
  let runs = 0;
  const source = () => `${workload.code}\n// run ${++runs}`;
  const samples = await compareInterleaved(
    [
      { name: "floor", run: () => floor(source()), check: (answer) => checkAnswer("floor", workload, answer) },
      {
        name: "engine",
        run: () => engine.execute(source()),
        check: (answer) => {
          const result = answer as ExecutionResult;
          if (result.status !== "completed") {
            throw new Error(`engine failed workload ${workload.id}: ${JSON.stringify(result.error)}`);
          }
          checkAnswer("engine", workload, result.result);
        },
      },
    ],
    workload,
  );
  const floorSummary = summarize(samples.floor!);
  const engineSummary = summarize(samples.engine!);
  return { title: workload.title, floor: floorSummary, engine: engineSummary, ratio: engineSummary.median / floorSummary.median };
}

interface BurstChildOutput {
  runsPerSecond: number[];
  peakRss: number;
  peakHeap: number;
  baselineRss: number;
}

/** Workload E: fresh processes for the floor and the engine, alternating, so load on the machine hits both alike. */
async function measureBurst(pairs: number): Promise<EngineReport["burst"]> {
  const outputs: Record<"floor" | "engine", BurstChildOutput[]> = { floor: [], engine: [] };
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 === 0 ? (["floor", "engine"] as const) : (["engine", "floor"] as const);
    for (const mode of order) {
      const { value } =
        mode === "engine"
          ? await runChild<BurstChildOutput>("src/engine/children/burst-engine.mjs", ["4"], { cwd: BENCH_ROOT })
          : await runChild<BurstChildOutput>("src/engine/children/burst-floor.ts", ["4"], { cwd: BENCH_ROOT, nodeArgs: ["--import", "tsx"] });
      outputs[mode].push(value);
    }
  }
  const side = (mode: "floor" | "engine"): BurstSide => ({
    runsPerSecond: summarize(outputs[mode].flatMap((output) => output.runsPerSecond)),
    // The highest peak of any process: memory is a ceiling, not a typical value.
    peakRssMB: Math.max(...outputs[mode].map((output) => output.peakRss)) / MB,
    peakHeapMB: Math.max(...outputs[mode].map((output) => output.peakHeap)) / MB,
    baselineRssMB: summarize(outputs[mode].map((output) => output.baselineRss)).median / MB,
  });
  return { floor: side("floor"), engine: side("engine") };
}

interface ColdChildOutput {
  importMs: number;
  firstRunMs: number;
  totalMs: number;
}

async function measureColdStart(rounds: number, engineMode: "engine" | "in-process" = "engine"): Promise<{ floor: ColdSide; engine: ColdSide }> {
  const runs: Record<"floor" | "engine", { child: ColdChildOutput; wallMs: number }[]> = { floor: [], engine: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (["floor", "engine"] as const) : (["engine", "floor"] as const);
    for (const mode of order) {
      const { value, wallMs } = await runChild<ColdChildOutput>("src/engine/children/cold-start.mjs", [mode === "engine" ? engineMode : mode], {
        cwd: BENCH_ROOT,
      });
      runs[mode].push({ child: value, wallMs });
    }
  }
  const side = (mode: "floor" | "engine"): ColdSide => ({
    total: summarize(runs[mode].map((run) => run.child.totalMs)),
    import: summarize(runs[mode].map((run) => run.child.importMs)),
    firstRun: summarize(runs[mode].map((run) => run.child.firstRunMs)),
    processWall: summarize(runs[mode].map((run) => run.wallMs)),
  });
  return { floor: side("floor"), engine: side("engine") };
}

function engineGoals(
  workloads: Record<string, WorkloadReport>,
  burst: EngineReport["burst"],
  cold: EngineReport["coldStart"],
): GoalCheck[] {
  const w = (id: string) => workloads[id]!;
  return [
    atMost("A: engine median / floor median", "within 1.5x floor", w("A").ratio, 1.5, "x"),
    atMost("B: engine µs per call", "< 150 µs per call", w("B").perCallUs!.engine, 150, "µs"),
    atMost("C: engine median", "< 20 ms", w("C").engine.median, 20, "ms"),
    atMost("D: engine median / floor median", "within 1.1x floor", w("D").ratio, 1.1, "x"),
    atLeast("E: engine runs/s (median of rounds)", ">= 1500 runs/s", burst.engine.runsPerSecond.median, 1500, "runs/s"),
    atMost("E: engine peak RSS", "< 150 MB", burst.engine.peakRssMB, 150, "MB"),
    atMost("F: engine median / floor median", "within 1.3x floor", w("F").ratio, 1.3, "x"),
    atMost("cold: import + first run (median)", "< 150 ms", cold.engine.total.median, 150, "ms"),
  ];
}

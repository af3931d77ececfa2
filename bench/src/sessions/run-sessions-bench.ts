// Sessions that hibernate: what an idle session costs (1,000 of them, in a fresh process), and what resuming one
// costs against a plain warm run, interleaved. With CODEMODE_LIVE_CORE naming another build's entry (the commit
// before hibernation, whose sessions kept a worker thread each), its live sessions are measured beside them.
import { fileURLToPath } from "node:url";
import { createCodeMode, type CodeMode, type ExecutionResult } from "@codemode/core";
import { compareInterleaved, type Contender } from "../harness/compare-interleaved.js";
import { runChild } from "../harness/run-child.js";
import { summarize, type Summary } from "../stats/summarize.js";

const BENCH_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** What the idle-sessions child prints. */
export interface IdleChildOutput {
  ok: boolean;
  wrong: number;
  count: number;
  baselineRss: number;
  idleRss: number;
  peakRss: number;
  createMs: number;
  resumeMs: number[];
}

/** The sessions benchmark's figures, as bench/results/sessions.json holds them. */
export interface SessionsReport {
  idle: { count: number; baselineRss: number; idleRss: number; peakRss: number; perSessionBytes: number; createMs: number; resume: Summary };
  /** The same child against the live build, with fewer sessions (each holds a thread): absent without CODEMODE_LIVE_CORE. */
  liveIdle?: SessionsReport["idle"];
  resume: Record<string, Summary>;
  /** Each contender's median over the plain run's median. */
  ratios: Record<string, number>;
}

const SMALL = `const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, name: "customer " + i, total: i * 3.5 }));
const byId = new Map(rows.map((row) => [row.id, row]));
class Cart { constructor() { this.items = [] } add(id) { this.items.push(id); return this } }
const cart = new Cart().add(1); let visits = 0;`;
const LARGE = `const rows = Array.from({ length: 1500 }, (_, i) => ({ id: i, name: "customer " + i, email: "c" + i + "@example.com", total: i * 3.5, tags: ["a", "b"] }));
let visits = 0;`;

/** Runs the benchmark; `log` gets progress lines. */
export async function runSessionsBench(log: (line: string) => void): Promise<SessionsReport> {
  const liveCore = process.env.CODEMODE_LIVE_CORE;
  log("sessions: 1,000 idle sessions in a fresh process");
  const idle = await idleSessions(1000);
  const liveIdle = liveCore ? await idleSessions(32, liveCore) : undefined;
  log("sessions: resume latency, interleaved");
  const hibernating = createCodeMode({ sessions: {}, poolSize: 2 });
  // Plain runs on a pool of their own: a worker that ran a session's run prepares the next realm for another, which
  // a plain run on that worker would wait for.
  const plain = createCodeMode({ poolSize: 2 });
  // A session resumed at an agent's pace: a pause after each run (untimed) lets its worker prepare the next realm.
  const paced = createCodeMode({ sessions: {}, poolSize: 1 });
  const live = liveCore ? ((await import(liveCore)) as { createCodeMode: typeof createCodeMode }).createCodeMode({ sessions: {}, poolSize: 2 }) : undefined;
  try {
    let runs = 0;
    const next = (code: string) => `${code}\n// run ${++runs}`;
    const session = async (codeMode: CodeMode, state: string) => (await codeMode.execute(state, { sessionId: "new" })).sessionId!;
    const resume = (codeMode: CodeMode, id: string): Contender => {
      let expected = 0;
      return {
        name: "",
        run: () => codeMode.execute(next("visits++; return visits"), { sessionId: id }),
        check: (answer) => {
          const result = answer as ExecutionResult;
          if (result.result !== ++expected) throw new Error(`A session answered ${JSON.stringify(result.result)}, not ${expected}: ${result.error?.message}`);
        },
      };
    };
    const contenders: Contender[] = [
      { name: "plain run (no session)", run: () => plain.execute(next("return 1")), check: (answer) => expectOne(answer) },
      { ...resume(hibernating, await session(hibernating, SMALL)), name: "hibernated session, 3 KB state" },
      { ...resume(hibernating, await session(hibernating, LARGE)), name: "hibernated session, 130 KB state" },
      paused(resume(paced, await session(paced, SMALL)), "hibernated session, 3 KB, 50 ms after its last run"),
    ];
    if (live) {
      contenders.push({ ...resume(live, await session(live, SMALL)), name: "live session (commit before), 3 KB" });
      contenders.push({ ...resume(live, await session(live, LARGE)), name: "live session (commit before), 130 KB" });
    }
    const samples = await compareInterleaved(contenders, { warmup: 10, minIterations: 60, maxIterations: 300, budgetMs: 20_000 });
    const resumeSummaries = Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, summarize(list)]));
    const floor = resumeSummaries["plain run (no session)"]!.median;
    const ratios = Object.fromEntries(Object.entries(resumeSummaries).map(([name, summary]) => [name, summary.median / floor]));
    return { idle, ...(liveIdle ? { liveIdle } : {}), resume: resumeSummaries, ratios };
  } finally {
    await hibernating.close();
    await plain.close();
    await paced.close();
    await live?.close();
  }
}

/** The contender with a pause after each of its runs, outside the timed part. */
function paused(contender: Contender, name: string): Contender {
  return {
    name,
    run: contender.run,
    check: async (answer) => {
      await contender.check?.(answer);
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

function expectOne(answer: unknown): void {
  if ((answer as ExecutionResult).result !== 1) throw new Error(`A plain run answered ${JSON.stringify((answer as ExecutionResult).result)}.`);
}

async function idleSessions(count: number, core?: string): Promise<SessionsReport["idle"]> {
  const { value } = await runChild<IdleChildOutput>("src/sessions/children/idle-sessions.mjs", [String(count), ...(core ? [core] : [])], {
    cwd: BENCH_ROOT,
    nodeArgs: ["--expose-gc"],
    timeoutMs: 600_000,
  });
  if (!value.ok) throw new Error(`Idle sessions: ${value.wrong} answers were wrong.`);
  const { baselineRss, idleRss, peakRss, createMs } = value;
  return { count, baselineRss, idleRss, peakRss, perSessionBytes: (idleRss - baselineRss) / count, createMs, resume: summarize(value.resumeMs) };
}

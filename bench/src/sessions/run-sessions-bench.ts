// Sessions that hibernate: what idle sessions cost (1,000 of them, in a fresh process), what resuming a hibernated
// session costs against a live one and a plain run, and what starting a session costs, all interleaved in one run so
// the ratios hold on a noisy machine.
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
  runs: Record<string, Summary>;
  /** Each contender's median over the live session's median (the floor, measured in the same run). */
  ratios: Record<string, number>;
}

const PLAIN = "plain run (no session)";
const LIVE = "live session, 3 KB state";

const SMALL = `const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, name: "customer " + i, total: i * 3.5 }));
const byId = new Map(rows.map((row) => [row.id, row]));
class Cart { constructor() { this.items = [] } add(id) { this.items.push(id); return this } }
const cart = new Cart().add(1); let visits = 0;`;
const LARGE = `const rows = Array.from({ length: 1500 }, (_, i) => ({ id: i, name: "customer " + i, email: "c" + i + "@example.com", total: i * 3.5, tags: ["a", "b"] }));
let visits = 0;`;

/** The pause after each run (untimed), for every contender alike: long enough for a 1 ms hibernation to happen. */
const PAUSE_MS = 25;

/** Runs the benchmark; `log` gets progress lines. */
export async function runSessionsBench(log: (line: string) => void): Promise<SessionsReport> {
  log("sessions: 1,000 idle sessions in a fresh process");
  const idle = await idleSessions(1000);
  log("sessions: resume latency, interleaved");
  // One code mode for each side, so no side's worker is busy with another's: plain runs, sessions that stay live,
  // sessions that hibernate 1 ms after each run (each run resumes from the snapshot), and new sessions.
  const plain = createCodeMode({ poolSize: 1 });
  const live = createCodeMode({ poolSize: 1, sessions: { hibernateAfterMs: 600_000 } });
  const hibernating = createCodeMode({ poolSize: 1, sessions: { hibernateAfterMs: 1 } });
  const starting = createCodeMode({ poolSize: 1, sessions: { hibernateAfterMs: 600_000, maxLiveSessions: 4 } });
  try {
    let runs = 0;
    const next = (code: string) => `${code}\n// run ${++runs}`;
    const session = async (codeMode: CodeMode, state: string) => (await codeMode.execute(state, { sessionId: "new" })).sessionId!;
    const resume = (name: string, codeMode: CodeMode, id: string): Contender => {
      let expected = 0;
      return paced({
        name,
        run: () => codeMode.execute(next("visits++; return visits"), { sessionId: id }),
        check: (answer) => {
          const result = answer as ExecutionResult;
          if (result.result !== ++expected) throw new Error(`${name} answered ${JSON.stringify(result.result)}, not ${expected}: ${result.error?.message}`);
        },
      });
    };
    const contenders: Contender[] = [
      paced({ name: PLAIN, run: () => plain.execute(next("return 1")), check: (answer) => expectValue(answer, 1) }),
      resume(LIVE, live, await session(live, SMALL)),
      resume("live session, 130 KB state", live, await session(live, LARGE)),
      resume("hibernated session, 3 KB state", hibernating, await session(hibernating, SMALL)),
      resume("hibernated session, 130 KB state", hibernating, await session(hibernating, LARGE)),
      paced({ name: "new session (sessionId \"new\")", run: () => starting.execute(next("let visits = 1; return visits"), { sessionId: "new" }), check: (answer) => expectValue(answer, 1) }),
    ];
    const samples = await compareInterleaved(contenders, { warmup: 10, minIterations: 60, maxIterations: 300, budgetMs: 30_000 });
    const summaries = Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, summarize(list)]));
    const floor = summaries[LIVE]!.median;
    const ratios = Object.fromEntries(Object.entries(summaries).map(([name, summary]) => [name, summary.median / floor]));
    return { idle, runs: summaries, ratios };
  } finally {
    await Promise.all([plain.close(), live.close(), hibernating.close(), starting.close()]);
  }
}

/** The contender with a pause after each of its runs, outside the timed part. */
function paced(contender: Contender): Contender {
  return {
    ...contender,
    check: async (answer) => {
      await contender.check?.(answer);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    },
  };
}

function expectValue(answer: unknown, expected: number): void {
  const result = answer as ExecutionResult;
  if (result.result !== expected) throw new Error(`A run answered ${JSON.stringify(result.result)}: ${result.error?.message}`);
}

async function idleSessions(count: number): Promise<SessionsReport["idle"]> {
  const { value } = await runChild<IdleChildOutput>("src/sessions/children/idle-sessions.mjs", [String(count)], {
    cwd: BENCH_ROOT,
    nodeArgs: ["--expose-gc"],
    timeoutMs: 600_000,
  });
  if (!value.ok) throw new Error(`Idle sessions: ${value.wrong} answers were wrong.`);
  const { baselineRss, idleRss, peakRss, createMs } = value;
  return { count, baselineRss, idleRss, peakRss, perSessionBytes: (idleRss - baselineRss) / count, createMs, resume: summarize(value.resumeMs) };
}

import { createCodeMode, defineTool, type CodeMode, type ExecuteOptions, type ExecutionEvent, type ExecutionResult } from "@codemode/core";
import { compareInterleaved, type Contender } from "../harness/compare-interleaved.js";
import { atMost, type GoalCheck } from "../report/goal-check.js";
import { summarize, type Summary } from "../stats/summarize.js";

/** One workload's runs: without events, with events that nobody reads, and with a listener that reads them. */
export interface EventsWorkloadReport {
  title: string;
  withoutEvents: Summary;
  nobodyListening: Summary;
  listener: Summary;
  /** median with events nobody reads / median without events */
  nobodyRatio: number;
  /** median with a listener / median without events */
  listenerRatio: number;
  /** Events one run of the workload delivers. */
  eventsPerRun: number;
}

/** Everything the events benchmark measured (bench/results/events.json). */
export interface EventsReport {
  workloads: Record<string, EventsWorkloadReport>;
  goals: GoalCheck[];
}

interface EventsWorkload {
  id: string;
  title: string;
  code: string;
  expected: number;
}

const WORKLOADS: readonly EventsWorkload[] = [
  {
    id: "calls",
    title: "20 sequential tool calls and 20 console lines",
    code: `let total = 0;
for (let page = 1; page <= 20; page++) {
  const read = await tools.shop.page({ page });
  total += read.data.count;
  console.log("read page", page, "of 20");
}
return total;`,
    expected: 20 * 50,
  },
  {
    id: "logs",
    title: "2,000 console lines while computing (past maxLogLines)",
    code: `let sum = 0;
for (let i = 0; i < 2000; i++) { sum += i; console.log("line", i); }
return sum;`,
    expected: (1999 * 2000) / 2,
  },
];

/** The share a run with events nobody reads may cost over the same run without events. */
const NOBODY_GOAL = 1.05;

/**
 * Runs each workload three ways, interleaved in one run so that noise hits them alike: without `onEvent` (no event
 * is built), with an `onEvent` that ignores every event (every event is built and delivered, as for an adapter that
 * always listens), and with one that reads them.
 */
export async function runEventsBench(log: (line: string) => void): Promise<EventsReport> {
  const codeMode: CodeMode = createCodeMode({
    tools: [defineTool({ name: "shop.page", description: "A page.", execute: async ({ page }: { page: number }) => ({ page, count: 50 }) })],
    limits: { maxHostCalls: 4096 },
  });
  const workloads: Record<string, EventsWorkloadReport> = {};
  try {
    for (const workload of WORKLOADS) {
      log(`events: ${workload.id} (${workload.title})`);
      workloads[workload.id] = await measure(codeMode, workload);
    }
  } finally {
    await codeMode.close();
  }
  const goals = Object.values(workloads).map((report) =>
    atMost(`${report.title}: events nobody reads / without events`, `within ${Math.round((NOBODY_GOAL - 1) * 100)}%`, report.nobodyRatio, NOBODY_GOAL, "x"),
  );
  return { workloads, goals };
}

async function measure(codeMode: CodeMode, workload: EventsWorkload): Promise<EventsWorkloadReport> {
  let run = 0;
  let delivered = 0;
  let seen = 0;
  // A listener a UI would have: it keeps the last line and counts the calls that finished.
  const reader = (event: ExecutionEvent) => {
    delivered++;
    if (event.type === "logs") seen += event.lines.join("\n").length;
    else if (event.type === "tool-call-end" && event.ok) seen++;
  };
  const side = (name: string, options: ExecuteOptions): Contender => ({
    name,
    run: () => codeMode.execute(`${workload.code}\n// run ${++run}`, options),
    check: (answer) => {
      const result = answer as ExecutionResult;
      if (result.result !== workload.expected) throw new Error(`events/${workload.id} (${name}) answered ${JSON.stringify(result.result ?? result.error)}.`);
    },
  });
  const samples = await compareInterleaved(
    [side("without", {}), side("nobody", { onEvent: () => undefined }), side("listener", { onEvent: reader })],
    { warmup: 20, minIterations: 100, maxIterations: 600, budgetMs: 20_000 },
  );
  const listenerRuns = samples.listener!.length + 20;
  const withoutEvents = summarize(samples.without!);
  const nobodyListening = summarize(samples.nobody!);
  const listener = summarize(samples.listener!);
  if (seen === 0) throw new Error(`events/${workload.id}: the listener saw nothing.`);
  return {
    title: workload.title,
    withoutEvents,
    nobodyListening,
    listener,
    nobodyRatio: nobodyListening.median / withoutEvents.median,
    listenerRatio: listener.median / withoutEvents.median,
    eventsPerRun: Math.round(delivered / listenerRuns),
  };
}

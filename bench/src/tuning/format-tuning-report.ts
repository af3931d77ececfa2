import { formatMs, formatTable } from "../report/format-table.js";
import type { TuningReport } from "./run-tuning-bench.js";

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** The tuning benchmark as plain-text tables. */
export function formatTuningReport(report: TuningReport): string {
  const memory = formatTable(
    ["pool", "memoryBytes", "idle workers", "after filling", "filled per worker"],
    report.memory.map((row) => [
      String(row.poolSize),
      `${row.memoryBytes / 1024 / 1024} MiB`,
      mb(row.idleBytes),
      mb(row.filledBytes),
      `${mb(row.fillBytes)} each`,
    ]),
  );
  const throughput = formatTable(
    ["workload", "pool", "runs", "wall", "runs/s"],
    report.throughput.map((row) => [row.workload, String(row.poolSize), String(row.runs), formatMs(row.wallMs), row.runsPerSecond.toFixed(1)]),
  );
  const { deadlines: stop, sessions } = report;
  const deadlines = formatTable(
    [`timeoutMs ${stop.timeoutMs}`, "median", "p99"],
    [
      ["while (true) {}: ends after", formatMs(stop.loop.median), formatMs(stop.loop.p99)],
      ["JSON.stringify loop (worker stopped): ends after", formatMs(stop.builtIn.median), formatMs(stop.builtIn.p99)],
      ["next run, on a new worker", formatMs(stop.nextRunAfterStop.median), formatMs(stop.nextRunAfterStop.p99)],
      ["a warm run, for comparison", formatMs(stop.warmRun.median), formatMs(stop.warmRun.p99)],
    ],
  );
  const prompts = formatTable(
    ["tools", "tokenBudget", "description tokens", "signatures"],
    report.prompts.map((row) => [String(row.tools), String(row.tokenBudget), String(row.tokens), row.inline ? "inline" : "summary + search"]),
  );
  const session = `Live sessions: ${mb(sessions.perLiveSessionBytes)} each (${sessions.count} live); resuming a hibernated one: median ${formatMs(sessions.resume.median)}, p99 ${formatMs(sessions.resume.p99)}.`;
  return [memory, throughput, deadlines, prompts, session].join("\n\n");
}

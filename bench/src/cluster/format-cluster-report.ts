import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import type { ClusterReport } from "./run-cluster-bench.js";

/** The cluster benchmark as readable tables: throughput and latency per setup, then what Redis does per execution. */
export function formatClusterReport(report: ClusterReport): string {
  const { clients, executions, rounds } = report.settings;
  const oneProcess = report.setups.find((entry) => entry.setup === "one process")?.executionsPerSecond.median ?? 0;
  const table = formatTable(
    ["setup", "executions/s (median)", "rounds", "p50", "p99", "vs one process"],
    report.setups.map((entry) => [
      entry.setup,
      `${entry.executionsPerSecond.median}/s`,
      entry.executionsPerSecond.rounds.map((rate) => rate.toFixed(0)).join(", "),
      formatMs(entry.latency.median),
      formatMs(entry.latency.p99),
      formatRatio(entry.executionsPerSecond.median / oneProcess),
    ]),
  );
  const redis = report.redis.map(
    (cost) =>
      `${cost.setup}: per session execution, ${cost.roundTripsPerExecution} round trips to Redis, ` +
      `${cost.commandsPerExecution} commands run there (${Object.entries(cost.byCommand)
        .map(([name, count]) => `${name} ${count}`)
        .join(", ")}), ${cost.bytesPerExecution.in} bytes in and ${cost.bytesPerExecution.out} out, ${cost.cpuMicrosecondsPerExecution} µs of Redis's CPU`,
  );
  return [
    table,
    "",
    `${clients} MCP clients (2026-07-28) at once, each resuming its own code session ${executions} times per round; ${rounds} rounds after a warm-up, interleaved.`,
    "one process: sessions in its memory, no HAProxy, no Redis. 1 and 3 replicas: through HAProxy, sessions in Redis.",
    `3 replicas / 1 replica: ${formatRatio(report.ratio3to1)} (everything, clients included, shares this machine's cores)`,
    ...redis,
    `wrong answers: ${report.wrong}, sessions lost: ${report.lost}`,
  ].join("\n");
}

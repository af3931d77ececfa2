import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import type { LoadReport, PhaseFigures } from "./run-load-bench.js";

/** The load benchmark as readable tables: latency and throughput beside the in-process floor, then memory. */
export function formatLoadReport(report: LoadReport): string {
  const { clients, runsPerClient, rounds, delayMs } = report.settings;
  const row = (label: string, phase: PhaseFigures, floor: PhaseFigures) => [
    label,
    String(phase.runs),
    formatMs(phase.latency.median),
    formatMs(phase.latency.p99),
    `${Math.round(phase.runsPerSecond)}/s`,
    formatMs(floor.latency.median),
    formatMs(floor.latency.p99),
    `${Math.round(floor.runsPerSecond)}/s`,
    formatRatio(phase.latency.median / floor.latency.median),
  ];
  const latency = formatTable(
    ["phase", "runs", "gateway p50", "gateway p99", "gateway runs/s", "floor p50", "floor p99", "floor runs/s", "p50 gateway/floor"],
    [
      row("1 client alone", report.gateway.solo, report.floor.solo),
      row(`${clients} clients at once`, report.gateway.concurrent, report.floor.concurrent),
    ],
  );
  const { memory } = report;
  const lines = [
    latency,
    "",
    `${clients} clients x ${runsPerClient} runs in a row, ${rounds} rounds; each run 3-5 upstream calls (${delayMs} ms each) and a join.`,
    "floor: the same scripts and tools through createCodeMode in-process (no MCP, no HTTP, no upstream processes).",
    `${clients} clients, p50 / 1 client p50: gateway ${formatRatio(report.gateway.concurrent.latency.median / report.gateway.solo.latency.median)}, ` +
      `floor ${formatRatio(report.floor.concurrent.latency.median / report.floor.solo.latency.median)}; ` +
      `throughput gateway / floor: ${formatRatio(report.gateway.concurrent.runsPerSecond / report.floor.concurrent.runsPerSecond)}`,
    `gateway process RSS (main thread + workers): idle ${memory.idleRssMb.toFixed(0)} MB, peak under load ${memory.peakRssMb.toFixed(0)} MB ` +
      `(VmHWM ${memory.peakHwmMb.toFixed(0)} MB)`,
    `wrong or mixed answers: ${report.wrong.count}`,
    ...report.wrong.examples.map((example) => `  ${example}`),
  ];
  return lines.join("\n");
}

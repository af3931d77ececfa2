import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import type { RuntimesReport } from "./run-runtimes-bench.js";

/** One row per runtime and engine: each workload's median beside the floor's, the per-call cost, the cold start. */
export function formatRuntimesReport(report: RuntimesReport): string {
  const rows = report.results.map((result) => {
    const label = `${result.runtime}, ${result.engine}`;
    if ("skipped" in result) return [label, `skipped: ${result.skipped}`, "", "", "", ""];
    const { workloads, perCallUs } = result.figures;
    // workerd's clock moves in whole milliseconds and only on I/O: what it cannot time shows as such.
    const ratio = (engine: number, floor: number) => (floor > 0 && Number.isFinite(engine / floor) ? formatRatio(engine / floor) : "clock too coarse");
    const cell = (id: "A" | "D") => `${formatMs(workloads[id].engine.median)} / ${formatMs(workloads[id].floor.median)} (${ratio(workloads[id].engine.median, workloads[id].floor.median)})`;
    const call = `${perCallUs.engine.toFixed(0)} / ${perCallUs.floor.toFixed(0)} µs (${ratio(perCallUs.engine, perCallUs.floor)})`;
    const cold = result.cold ? `${formatMs(result.cold.engine.median)} / ${formatMs(result.cold.floor.median)} (${formatRatio(result.cold.engine.median / result.cold.floor.median)})` : "-";
    return [label, cell("A"), call, cell("D"), cold];
  });
  const table = formatTable(["runtime, engine", "A return 1", "B per call", "D 1e6 loop", "cold start"], rows);
  return `${table}\n\neach cell: engine / floor (ratio), medians; the floor is raw QuickJS in the same runtime and run`;
}

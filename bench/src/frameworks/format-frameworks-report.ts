import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import type { FrameworksReport } from "./run-frameworks-bench.js";

/** One row per sandbox: A and B medians with their ratio to this engine's in the same framework, then E. */
export function formatFrameworksReport(report: FrameworksReport): string {
  const rows = report.rows.map((row) => {
    const cells = ["A", "B"].map((id) => {
      const figure = row.workloads[id];
      if (!figure) return "-";
      if ("error" in figure) return figure.error.slice(0, 60);
      return row.ours ? formatMs(figure.summary.median) : `${formatMs(figure.summary.median)} (${formatRatio(figure.ratioToOurs)})`;
    });
    if ("error" in row.burst) return [row.framework, row.label, ...cells, row.burst.error.slice(0, 60), "-"];
    const best = Math.max(...row.burst.rounds.map((round) => round.runsPerSecond));
    const failed = Math.max(...row.burst.rounds.map((round) => round.failed));
    return [row.framework, row.label, ...cells, `${Math.round(best)}/s of ${row.burst.count}${failed ? `, ${failed} failed` : ""}`, `${Math.round(row.burst.peakRssMB)} MB`];
  });
  const table = formatTable(["framework", "sandbox", "A return 1", "B 100 seq. calls", "E runs/s (best of 2)", "E peak RSS"], rows);
  return [table, "", `medians on ${report.node}; (ratio) = median / this engine's median behind the same framework, interleaved in one process`].join("\n");
}

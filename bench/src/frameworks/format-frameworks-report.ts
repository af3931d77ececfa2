import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import type { BurstFigures, FrameworksReport } from "./run-frameworks-bench.js";

/**
 * One row per framework sandbox: A and B as its median against this engine's behind the same extension point,
 * measured in one process (theirs / ours), then E for both.
 */
export function formatFrameworksReport(report: FrameworksReport): string {
  const rows = report.rows.map((row) => {
    const cells = ["A", "B"].map((id) => {
      const figure = row.workloads[id];
      if (!figure) return "-";
      if ("error" in figure) return figure.error.slice(0, 56);
      return `${formatMs(figure.theirs.median)} / ${formatMs(figure.ours.median)} (${formatRatio(figure.ratio)})`;
    });
    return [row.framework, row.label, ...cells, `${burst(row.burst)} / ${burst(row.oursBurst)}`];
  });
  const table = formatTable(["framework", "its own sandbox", "A return 1", "B 100 seq. calls", "E runs/s, peak RSS"], rows);
  return [table, "", `theirs / this engine behind the same extension point; medians on ${report.node}, each pair interleaved in one process`].join("\n");
}

function burst(figures: BurstFigures): string {
  if ("error" in figures) return figures.error.slice(0, 40);
  const best = Math.max(...figures.rounds.map((round) => round.runsPerSecond));
  const failed = Math.max(...figures.rounds.map((round) => round.failed));
  return `${Math.round(best)}/s of ${figures.count}${failed ? ` (${failed} failed)` : ""}, ${Math.round(figures.peakRssMB)} MB`;
}

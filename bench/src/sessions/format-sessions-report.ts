import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import type { SessionsReport } from "./run-sessions-bench.js";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The sessions benchmark as tables: idle sessions and the process's memory, then runs against a live session. */
export function formatSessionsReport(report: SessionsReport): string {
  const { idle: held } = report;
  const idle = formatTable(
    ["sessions held idle", "RSS before", "RSS idle", "RSS peak", "per session", "start one", "resume (median)"],
    [[String(held.count), mb(held.baselineRss), mb(held.idleRss), mb(held.peakRss), `${(held.perSessionBytes / 1024).toFixed(1)} KB`, formatMs(held.createMs / held.count), formatMs(held.resume.median)]],
  );
  const rows = Object.entries(report.runs).map(([name, summary]) => [name, formatMs(summary.median), formatMs(summary.p99), formatRatio(report.ratios[name]!)]);
  const runs = formatTable(["run", "median", "p99", "/ live session"], rows);
  return `${idle}\n\n${runs}`;
}

import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import type { SessionsReport } from "./run-sessions-bench.js";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The sessions benchmark as tables: idle sessions and their memory, then resume latency against a plain run. */
export function formatSessionsReport(report: SessionsReport): string {
  const idleRows = [report.idle, report.liveIdle].flatMap((idle, index) =>
    idle
      ? [[index === 0 ? "hibernating (this build)" : "live (commit before)", String(idle.count), mb(idle.baselineRss), mb(idle.idleRss), `${(idle.perSessionBytes / 1024).toFixed(1)} KB`, formatMs(idle.createMs / idle.count), formatMs(idle.resume.median)]]
      : [],
  );
  const idle = formatTable(["sessions held idle", "count", "RSS before", "RSS idle", "per session", "start one", "resume (median)"], idleRows);
  const resumeRows = Object.entries(report.resume).map(([name, summary]) => [name, formatMs(summary.median), formatMs(summary.p99), formatRatio(report.ratios[name]!)]);
  const resume = formatTable(["resume", "median", "p99", "/ plain run"], resumeRows);
  return `${idle}\n\n${resume}`;
}

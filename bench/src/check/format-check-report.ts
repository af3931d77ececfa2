import { formatVerdict } from "../report/goal-check.js";
import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import type { CheckReport } from "./run-check-bench.js";

/** The check bench as tables: first checks, warm checks beside warm runs, checked runs, the event loop, the goals. */
export function formatCheckReport(report: CheckReport): string {
  const first = formatTable(
    ["tools", "first check", "first check 1 s after start", "second check"],
    report.firstCheck.map((row) => [row.tools.toLocaleString("en"), formatMs(row.first.median), formatMs(row.firstAfterTurn.median), formatMs(row.second.median)]),
  );
  const warm = formatTable(
    ["tools", "warm check", "warm run", "check / run"],
    report.warm.map((row) => [row.tools.toLocaleString("en"), formatMs(row.check.median), formatMs(row.run.median), formatRatio(row.checkPerRun)]),
  );
  const { checked, unchecked, ratio } = report.checkedRun;
  const runs = formatTable(["1,000 tools", "median", "p99"], [
    ["checked run", formatMs(checked.median), formatMs(checked.p99)],
    ["unchecked run", formatMs(unchecked.median), formatMs(unchecked.p99)],
    ["checked / unchecked", formatRatio(ratio), ""],
  ]);
  const loop = `Event loop while 10,000-tool checks ran back to back (median ${formatMs(report.eventLoop.checkMedianMs)} each): longest delay ${formatMs(report.eventLoop.maxDelayMs)}, p99 ${formatMs(report.eventLoop.p99DelayMs)}.`;
  const goals = formatTable(
    ["goal", "target", "actual", "verdict"],
    report.goals.map((goal) => [goal.metric, goal.goal, `${goal.actual.toFixed(goal.unit === "x" ? 2 : 0)} ${goal.unit}`, formatVerdict(goal)]),
  );
  return [first, warm, runs, loop, goals].join("\n\n");
}

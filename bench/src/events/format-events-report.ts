import { formatVerdict } from "../report/goal-check.js";
import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import type { EventsReport } from "./run-events-bench.js";

/** The events benchmark as tables: medians of each way of running, their ratios, and the goals. */
export function formatEventsReport(report: EventsReport): string {
  const rows = Object.values(report.workloads).map((workload) => [
    workload.title,
    formatMs(workload.withoutEvents.median),
    `${formatMs(workload.nobodyListening.median)} (${formatRatio(workload.nobodyRatio)})`,
    `${formatMs(workload.listener.median)} (${formatRatio(workload.listenerRatio)})`,
    String(workload.eventsPerRun),
  ]);
  const table = formatTable(["workload", "without events", "events nobody reads", "a listener", "events a run"], rows);
  const goals = formatTable(
    ["goal", "target", "actual", "verdict"],
    report.goals.map((goal) => [goal.metric, goal.goal, formatRatio(goal.actual), formatVerdict(goal)]),
  );
  return `${table}\n\n${goals}`;
}

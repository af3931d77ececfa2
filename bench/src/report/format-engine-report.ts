import type { EngineReport } from "../engine/run-engine-bench.js";
import { formatMs, formatRatio, formatTable } from "./format-table.js";
import { formatVerdict, type GoalCheck } from "./goal-check.js";

/** The engine benchmark as three readable tables: timings beside the floor, E and the cold start, and the goals. */
export function formatEngineReport(report: EngineReport): string {
  const timings = formatTable(
    ["workload", "floor median", "engine median", "engine p99", "engine/floor"],
    Object.entries(report.workloads).map(([id, w]) => [
      `${id} ${w.title}`,
      formatMs(w.floor.median),
      formatMs(w.engine.median),
      formatMs(w.engine.p99),
      formatRatio(w.ratio),
    ]),
  );
  const b = report.workloads.B?.perCallUs;
  const perCall = b ? `B per call (minus A): floor ${b.floor.toFixed(1)} µs, engine ${b.engine.toFixed(1)} µs` : "";
  const { burst, coldStart } = report;
  const others = formatTable(
    ["", "floor", "engine"],
    [
      ["E runs/s (200 at once, median)", num(burst.floor.runsPerSecond.median), num(burst.engine.runsPerSecond.median)],
      ["E peak RSS", `${num(burst.floor.peakRssMB)} MB`, `${num(burst.engine.peakRssMB)} MB`],
      ["E peak main-thread heap", `${num(burst.floor.peakHeapMB)} MB`, `${num(burst.engine.peakHeapMB)} MB`],
      ["cold: import", formatMs(coldStart.floor.import.median), formatMs(coldStart.engine.import.median)],
      ["cold: first run", formatMs(coldStart.floor.firstRun.median), formatMs(coldStart.engine.firstRun.median)],
      ["cold: import + first run", formatMs(coldStart.floor.total.median), formatMs(coldStart.engine.total.median)],
      ["cold: process spawn to exit", formatMs(coldStart.floor.processWall.median), formatMs(coldStart.engine.processWall.median)],
    ],
  );
  const inProcess = report.inProcess;
  const inProcessTable = formatTable(
    ["in process (engine: \"in-process\")", "floor median", "engine median", "engine/floor"],
    [
      ...Object.entries(inProcess.workloads).map(([id, w]) => [`${id} ${w.title}`, formatMs(w.floor.median), formatMs(w.engine.median), formatRatio(w.ratio)]),
      ["B per call (minus A)", `${inProcess.perCallUs.floor.toFixed(1)} µs`, `${inProcess.perCallUs.engine.toFixed(1)} µs`, formatRatio(inProcess.perCallUs.engine / inProcess.perCallUs.floor)],
      [
        "cold: import + first run",
        formatMs(inProcess.coldStart.floor.total.median),
        formatMs(inProcess.coldStart.engine.total.median),
        formatRatio(inProcess.coldStart.engine.total.median / inProcess.coldStart.floor.total.median),
      ],
    ],
  );
  return [timings, perCall, "", others, "", inProcessTable, "", formatGoals(report.goals)].join("\n");
}

/** The goals table shared by every benchmark: measured figure, target and pass or miss. */
export function formatGoals(goals: readonly GoalCheck[]): string {
  return formatTable(
    ["goal", "measured", "target", "verdict"],
    goals.map((g) => [g.metric, `${num(g.actual)} ${g.unit}`, g.goal, formatVerdict(g)]),
  );
}

function num(value: number): string {
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString("en");
  return value.toFixed(2);
}

import { formatVerdict } from "../report/goal-check.js";
import { formatMs, formatTable } from "../report/format-table.js";
import type { HostileReport } from "./run-hostile-bench.js";

/** The hostile benchmark as tables: each target's worst cases by stall, beside its floor and goal. */
export function formatHostileReport(report: HostileReport): string {
  const summary = formatTable(
    ["target", "cases", "floor (trivial runs)", "largest stall", "case", "goal", "verdict"],
    report.targets.map(({ target, cases, floorStallMs, worst, goal }) => [
      target,
      String(cases.length),
      formatMs(floorStallMs),
      formatMs(worst.stallMs),
      `${worst.category} / ${worst.name}`,
      goal.goal,
      formatVerdict(goal),
    ]),
  );
  const worstCases = report.targets.map(({ target, cases }) => {
    const rows = [...cases]
      .sort((left, right) => right.stallMs - left.stallMs)
      .slice(0, 10)
      .map((entry) => [`${entry.category} / ${entry.name}`, formatMs(entry.stallMs), formatMs(entry.durationMs), entry.ok ? "ok" : "WRONG"]);
    return `${target}, the ten largest stalls:\n${formatTable(["case", "largest stall", "case took", "outcome"], rows)}`;
  });
  return [summary, ...worstCases].join("\n\n");
}

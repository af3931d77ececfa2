import type { Summary } from "../stats/summarize.js";
import { formatMs, formatRatio, formatTable } from "../report/format-table.js";

/** What one peer's children reported; a workload the peer rejects carries its error instead of timings. */
export interface PeerReport {
  name: string;
  label: string;
  settings: string;
  workloads: Record<string, { floor: Summary; peer: Summary; ratio: number } | { error: string }>;
  burst?: { rounds: { runsPerSecond: number; completed: number; rejected: number; firstError?: string }[]; peakRssMB: number };
  cold?: { peer: Summary; floor: Summary };
  /** What crashed, by phase (`measure`, `burst`, `cold`): a peer's own failure, recorded, not fatal. */
  errors?: Record<string, string>;
}

const COLUMNS = ["A", "B", "C", "D", "F"] as const;

/** One row per peer: each workload's median and its ratio to the floor measured beside it, then E and cold start. */
export function formatPeersReport(reports: readonly PeerReport[]): string {
  const rows = reports.map((report) => {
    const cells = COLUMNS.map((id) => {
      const w = report.workloads[id];
      if (!w) return report.errors?.measure ? crash(report.errors.measure) : "-";
      if ("error" in w) return `fails: ${w.error.slice(0, 28)}`;
      return `${formatMs(w.peer.median)} (${formatRatio(w.ratio)})`;
    });
    const rounds = report.burst?.rounds ?? [];
    const best = rounds.length ? Math.max(...rounds.map((r) => r.runsPerSecond)) : NaN;
    const rejected = rounds.length ? Math.max(...rounds.map((r) => r.rejected)) : 0;
    const burst = rounds.length
      ? `${Math.round(best)}/s${rejected ? `, ${rejected} rejected` : ""}`
      : crash(report.errors?.burst);
    const memory = report.burst ? `${Math.round(report.burst.peakRssMB)} MB` : "-";
    const cold = report.cold ? formatMs(report.cold.peer.median) : crash(report.errors?.cold);
    return [report.label, ...cells, burst, memory, cold];
  });
  const floorRow = floorSummary(reports);
  const table = formatTable(
    ["runtime", "A return 1", "B 100 seq. calls", "C 100 x 5 ms", "D 1e6 loop", "F 10k objects", "E runs/s (best of 2)", "E peak RSS", "cold"],
    floorRow ? [floorRow, ...rows] : rows,
  );
  const notes = reports.filter((r) => r.settings).map((r) => `${r.label}: ${r.settings}`);
  return [table, "", "medians; (ratio) = median / floor median measured in the same process", ...notes].join("\n");
}

function crash(error: string | undefined): string {
  if (!error) return "-";
  const hung = /hung: no answer within (\d+) s/.exec(error)?.[1];
  if (hung) return `hung (stopped at ${hung} s)`;
  const signal = /killed by (SIG\w+)/.exec(error)?.[1];
  return signal ? `crashed (${signal})` : "crashed";
}

function floorSummary(reports: readonly PeerReport[]): string[] | undefined {
  const first = reports.find((r) => COLUMNS.every((id) => r.workloads[id] && "floor" in r.workloads[id]!));
  if (!first) return undefined;
  const cells = COLUMNS.map((id) => {
    const w = first.workloads[id] as { floor: Summary };
    return formatMs(w.floor.median);
  });
  return [`floor (raw QuickJS, measured with ${first.label})`, ...cells, "-", "-", first.cold ? formatMs(first.cold.floor.median) : "-"];
}

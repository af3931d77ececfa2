import { formatTable } from "../report/format-table.js";
import type { CountRange } from "./analyze-samples.js";
import type { LeakPart, LeaksReport } from "./run-leaks-bench.js";

const GOAL_MB = 50;

/** The leak benchmark as readable tables: memory growth after the warm-up, and the counts that must stay flat. */
export function formatLeaksReport(report: LeaksReport): string {
  const { engine, gateway } = report;
  const mb = (value: number) => `${value.toFixed(1)} MB`;
  const memoryRow = (label: string, part: LeakPart) => {
    const { analysis } = part;
    const growth = analysis.rssMb.last - analysis.rssMb.atWarm;
    return [
      label,
      part.runs.toLocaleString("en"),
      `${(part.wallMs / 1000).toFixed(1)} s`,
      mb(analysis.rssMb.atWarm),
      mb(analysis.rssMb.last),
      mb(analysis.rssMb.max),
      mb(growth),
      `${analysis.rssSlopeMbPer1000.toFixed(2)} MB`,
      `${analysis.rssLateSlopeMbPer1000.toFixed(2)} MB`,
      `${analysis.heapSlopeMbPer1000.toFixed(3)} MB`,
      Math.max(growth, analysis.rssTrendGrowthMb) < GOAL_MB ? "pass" : `MISS (goal < ${GOAL_MB} MB)`,
    ];
  };
  const range = ({ atWarm, min, max, last }: CountRange) => (min === max ? `${last} (flat)` : `${atWarm} -> ${last} (${min}-${max})`);
  const countRow = (label: string, part: LeakPart) => [label, range(part.analysis.threads), range(part.analysis.openFds), range(part.analysis.children)];
  return [
    formatTable(
      ["run", "runs", "wall", "RSS at warm", "RSS last", "RSS max", "growth", "RSS / 1k runs", "later half", "heap / 1k runs", "goal"],
      [memoryRow("createCodeMode", engine), memoryRow("gateway over HTTP", gateway)],
    ),
    "",
    formatTable(["run (after warm-up)", "OS threads", "open fds", "child processes"], [countRow("createCodeMode", engine), countRow("gateway over HTTP", gateway)]),
    "",
    `Memory after a forced GC (--expose-gc), sampled every ${report.settings.engineSampleEvery} runs (engine) and ${report.settings.gatewaySampleEvery} runs (gateway); ` +
      `the first ${Math.round(report.settings.warmupShare * 100)}% of runs are the warm-up. Slopes are least-squares fits; "later half" fits the later half only.`,
    `Engine memory is read over its steady phase (runs ${engine.analysis.warmupRuns}-${engine.analysis.memoryUntilRuns ?? engine.runs}); ` +
      "the last tenth then replaces modules and workers (deadlines, cancels, out-of-memory, terminated workers), and the counts cover it.",
    `Engine mix: ${Object.entries(engine.kinds).map(([kind, count]) => `${kind} ${count}`).join(", ")}.`,
    `Engine after close(): ${engine.afterClose.threads} threads, ${engine.afterClose.openFds} fds, active resources ${JSON.stringify(engine.afterClose.activeResources)}.`,
    `Gateway: ${gateway.sessions} MCP sessions opened and ended by the clients with ${report.settings.gatewaySessionEnd === "close" ? "a plain close() (no DELETE)" : "terminateSession() (a DELETE)"}; ` +
      "the gateway's child processes are its 2 stdio upstreams.",
    `wrong answers: engine ${engine.wrong.count}, gateway ${gateway.wrong.count}` +
      (engine.notStartedWhileCoreRebuilt > 0 ? ` (and ${engine.notStartedWhileCoreRebuilt} engine runs not started while packages/core/dist was rebuilt)` : ""),
    ...[...engine.wrong.examples, ...gateway.wrong.examples].map((example) => `  ${example}`),
  ].join("\n");
}

import { formatMs, formatRatio, formatTable } from "../report/format-table.js";
import type { QuotasReport } from "./run-quotas-bench.js";

/** The quota benchmark as a table: steady principals' latency alone and beside a noisy one, with and without quotas. */
export function formatQuotasReport(report: QuotasReport): string {
  const { steady, ratios, noisy, settings } = report;
  const row = (label: string, summary: (typeof steady)["alone"], ratio: string) => [label, String(summary.n), formatMs(summary.median), formatMs(summary.p99), ratio];
  const table = formatTable(
    ["steady principals' runs", "runs", "p50", "p99", "p50 / alone"],
    [
      row("alone", steady.alone, "1.00x"),
      row(`beside noisy, its quota ${settings.noisyQuota} at once`, steady.besideNoisyWithQuota, formatRatio(ratios.withQuota)),
      row("beside noisy, no quotas", steady.besideNoisyWithoutQuota, formatRatio(ratios.withoutQuota)),
    ],
  );
  return [
    table,
    "",
    `${settings.steadyClients} steady principals, one client each, ${settings.runsPerPhase} runs in a row per phase, ${settings.rounds} rounds interleaved;` +
      ` the noisy principal keeps ${settings.noisyInFlight} executions asked for at once (3-5 upstream calls of ${settings.delayMs} ms each per run).`,
    `noisy principal with its quota: ${noisy.completed} completed, ${noisy.refused} refused with the quota error` +
      (noisy.refusedLatency ? ` (answered in ${formatMs(noisy.refusedLatency.median)} median)` : "") +
      `, ${noisy.otherErrors} other errors`,
    ...(noisy.refusalMessage ? [`refusal: ${noisy.refusalMessage}`] : []),
    `wrong answers to steady principals: ${report.wrong.count}`,
    ...report.wrong.examples.map((example) => `  ${example}`),
  ].join("\n");
}

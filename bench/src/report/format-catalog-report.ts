import type { CatalogReport } from "../catalog/run-catalog-bench.js";
import { formatMs, formatTable } from "./format-table.js";
import { formatGoals } from "./format-engine-report.js";

/** The catalog benchmark as readable tables: operation timings, prompt sizes and the goals. */
export function formatCatalogReport(report: CatalogReport): string {
  const timings = formatTable(
    ["operation (10,000 tools)", "median", "p99"],
    [
      ["createCodeMode", formatMs(report.createMs.median), formatMs(report.createMs.p99)],
      ["index build (first search, pool up)", formatMs(report.indexBuildMs.median), formatMs(report.indexBuildMs.p99)],
      ["first search right after create", formatMs(report.firstSearchAfterCreateMs.median), formatMs(report.firstSearchAfterCreateMs.p99)],
      ["search, limit 5", formatMs(report.searchMs.median), formatMs(report.searchMs.p99)],
      ["list, first touch", formatMs(report.listMs.first.median), formatMs(report.listMs.first.p99)],
      ["list, warm", formatMs(report.listMs.warm.median), formatMs(report.listMs.warm.p99)],
      ["describe, first touch", formatMs(report.describeMs.first.median), formatMs(report.describeMs.first.p99)],
      ["describe, warm", formatMs(report.describeMs.warm.median), formatMs(report.describeMs.warm.p99)],
    ],
  );
  const recall = `known-item search recall@5: ${(report.searchRecallAt5 * 100).toFixed(1)}%`;
  const prompt = formatTable(
    ["execute description", "tokens (o200k)", "characters", "form"],
    report.prompt.map((p) => [`${p.tools} tools`, p.tokens.toLocaleString("en"), p.characters.toLocaleString("en"), p.inline ? "inline signatures" : "summary + catalog.search"]),
  );
  return [timings, recall, "", prompt, "", formatGoals(report.goals)].join("\n");
}

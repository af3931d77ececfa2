// `pnpm bench`: every benchmark, readable tables on stdout, JSON in bench/results/. Exits non-zero only when a
// workload crashes or answers wrongly; a missed goal is reported, not fatal (the machine is shared and noisy).
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runCatalogBench } from "./catalog/run-catalog-bench.js";
import { runEngineBench } from "./engine/run-engine-bench.js";
import { formatCatalogReport } from "./report/format-catalog-report.js";
import { formatEngineReport } from "./report/format-engine-report.js";
import { describeMachine } from "./report/describe-machine.js";
import { formatTokensReport, runTokensBench } from "./tokens/index.js";

const RESULTS = fileURLToPath(new URL("../results/", import.meta.url));
const only = process.argv[2];
const log = (line: string) => process.stderr.write(`${line}\n`);

await mkdir(RESULTS, { recursive: true });
if (only === undefined || only === "engine") {
  const machine = describeMachine();
  const report = await runEngineBench(log);
  await writeFile(`${RESULTS}engine.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Engine (bench/results/engine.json)\n\n${formatEngineReport(report)}\n`);
}
if (only === undefined || only === "catalog") {
  const machine = describeMachine();
  const report = await runCatalogBench(log);
  await writeFile(`${RESULTS}catalog.json`, `${JSON.stringify({ machine, ...report }, null, 2)}\n`);
  console.log(`\n## Catalog (bench/results/catalog.json)\n\n${formatCatalogReport(report)}\n`);
}
if (only === undefined || only === "tokens") {
  const report = await runTokensBench(log);
  await writeFile(`${RESULTS}tokens.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n## Tokens (bench/results/tokens.json)\n\n${formatTokensReport(report)}\n`);
}

// `pnpm bench`: engine, events, catalog, tokens, load, quotas, sessions, check and hostile (`bench leaks`, `bench cluster`,
// `bench runtimes` and `bench frameworks` on demand);
// readable tables on stdout, JSON in bench/results/. Exits non-zero only when a workload crashes or answers wrongly;
// a missed goal is reported, not fatal (the machine is shared and noisy).
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runCatalogBench } from "./catalog/run-catalog-bench.js";
import { formatCliReport } from "./cli/format-cli-report.js";
import { runCliBench } from "./cli/run-cli-bench.js";
import { runEngineBench } from "./engine/run-engine-bench.js";
import { formatCatalogReport } from "./report/format-catalog-report.js";
import { formatEngineReport } from "./report/format-engine-report.js";
import { describeMachine } from "./report/describe-machine.js";
import { formatTokensReport, runTokensBench } from "./tokens/index.js";
import { formatLoadReport } from "./load/format-load-report.js";
import { runLoadBench } from "./load/run-load-bench.js";
import { formatLeaksReport } from "./leaks/format-leaks-report.js";
import { formatQuotasReport } from "./quotas/format-quotas-report.js";
import { runQuotasBench } from "./quotas/run-quotas-bench.js";
import { runLeaksBench } from "./leaks/run-leaks-bench.js";
import { formatClusterReport } from "./cluster/format-cluster-report.js";
import { runClusterBench } from "./cluster/run-cluster-bench.js";
import { formatSessionsReport } from "./sessions/format-sessions-report.js";
import { runSessionsBench } from "./sessions/run-sessions-bench.js";
import { formatEventsReport } from "./events/format-events-report.js";
import { runEventsBench } from "./events/run-events-bench.js";
import { formatCheckReport } from "./check/format-check-report.js";
import { runCheckBench } from "./check/run-check-bench.js";
import { formatHostileReport } from "./hostile/format-hostile-report.js";
import { runHostileBench } from "./hostile/run-hostile-bench.js";
import { formatRuntimesReport } from "./runtimes/format-runtimes-report.js";
import { runRuntimesBench } from "./runtimes/run-runtimes-bench.js";
import { formatTuningReport } from "./tuning/format-tuning-report.js";
import { runTuningBench } from "./tuning/run-tuning-bench.js";
import { formatFrameworksReport } from "./frameworks/format-frameworks-report.js";
import { runFrameworksBench } from "./frameworks/run-frameworks-bench.js";

const RESULTS = fileURLToPath(new URL("../results/", import.meta.url));
const only = process.argv[2];
const log = (line: string) => process.stderr.write(`${line}\n`);

await mkdir(RESULTS, { recursive: true });
if (only === undefined || only === "engine") {
  const machine = describeMachine();
  const report = await runEngineBench(log);
  await writeFile(`${RESULTS}engine.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  // The Node line moves the floor and the ratios (bench/README.md), so the heading names it.
  console.log(`\n## Engine on Node ${process.versions.node} (bench/results/engine.json)\n\n${formatEngineReport(report)}\n`);
}
if (only === undefined || only === "events") {
  const machine = describeMachine();
  const report = await runEventsBench(log);
  await writeFile(`${RESULTS}events.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Events (bench/results/events.json)\n\n${formatEventsReport(report)}\n`);
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
if (only === undefined || only === "load") {
  const machine = describeMachine();
  const report = await runLoadBench(log);
  await writeFile(`${RESULTS}load.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Load (bench/results/load.json)\n\n${formatLoadReport(report)}\n`);
  if (report.wrong.count > 0) throw new Error(`Load: ${report.wrong.count} runs answered wrongly or with another client's answer.`);
}
if (only === undefined || only === "quotas") {
  const machine = describeMachine();
  const report = await runQuotasBench(log);
  await writeFile(`${RESULTS}quotas.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Quotas (bench/results/quotas.json)\n\n${formatQuotasReport(report)}\n`);
  if (report.wrong.count > 0) throw new Error(`Quotas: ${report.wrong.count} steady runs answered wrongly.`);
}
if (only === undefined || only === "sessions") {
  const machine = describeMachine();
  const report = await runSessionsBench(log);
  await writeFile(`${RESULTS}sessions.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Sessions (bench/results/sessions.json)\n\n${formatSessionsReport(report)}\n`);
}
// The first minute of the CLI builds the baseline commit's CLI and takes several minutes: it runs only when named.
if (only === "cli") {
  const machine = describeMachine();
  const report = await runCliBench(log);
  await writeFile(`${RESULTS}cli.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## CLI, the first minute (bench/results/cli.json)\n\n${formatCliReport(report)}\n`);
  if (report.wrong.length > 0) throw new Error(`CLI: ${report.wrong.length} commands answered wrongly.`);
}
if (only === undefined || only === "check") {
  const machine = describeMachine();
  const report = await runCheckBench(log);
  await writeFile(`${RESULTS}check.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Check (bench/results/check.json)\n\n${formatCheckReport(report)}\n`);
}
if (only === undefined || only === "hostile") {
  const machine = describeMachine();
  const report = await runHostileBench(log);
  await writeFile(`${RESULTS}hostile.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Hostile scripts (bench/results/hostile.json)\n\n${formatHostileReport(report)}\n`);
  if (report.wrong.length > 0) throw new Error(`Hostile: ${report.wrong.length} cases did not end safely: ${report.wrong.join("; ")}.`);
}
// Every runtime (Node.js, Bun, Deno, Chromium, workerd) in turn, a few minutes: only when named (bench/README.md).
if (only === "runtimes") {
  const machine = describeMachine();
  const report = await runRuntimesBench(log, process.argv.slice(3));
  await writeFile(`${RESULTS}runtimes.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Runtimes (bench/results/runtimes.json)\n\n${formatRuntimesReport(report)}\n`);
}
// The figures docs/choosing-limits.md quotes: on demand, about two minutes (bench/README.md).
if (only === "tuning") {
  const machine = describeMachine();
  const report = await runTuningBench(log);
  await writeFile(`${RESULTS}tuning.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Tuning (bench/results/tuning.json)\n\n${formatTuningReport(report)}\n`);
}
// Leaks take about five minutes: they run only when named (bench/README.md).
if (only === "leaks") {
  const machine = describeMachine();
  const report = await runLeaksBench(log);
  await writeFile(`${RESULTS}leaks.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Leaks (bench/results/leaks.json)\n\n${formatLeaksReport(report)}\n`);
  const wrong = report.engine.wrong.count + report.gateway.wrong.count;
  if (wrong > 0) throw new Error(`Leaks: ${wrong} runs answered wrongly.`);
}
// The frameworks' own sandboxes need Node 22 and one of them a child process per run: only when named (bench/README.md).
if (only === "frameworks") {
  const machine = describeMachine();
  const report = await runFrameworksBench(log);
  await writeFile(`${RESULTS}frameworks.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Frameworks (bench/results/frameworks.json)\n\n${formatFrameworksReport(report)}\n`);
}
// The cluster needs redis-server and haproxy, and takes a few minutes: it runs only when named (bench/README.md).
if (only === "cluster") {
  const machine = describeMachine();
  const report = await runClusterBench(log);
  await writeFile(`${RESULTS}cluster.json`, `${JSON.stringify({ machine: { ...machine, loadAfter: describeMachine().loadAverage }, ...report }, null, 2)}\n`);
  console.log(`\n## Cluster (bench/results/cluster.json)\n\n${formatClusterReport(report)}\n`);
  if (report.wrong + report.lost > 0) throw new Error(`Cluster: ${report.wrong} wrong answers, ${report.lost} sessions lost.`);
}

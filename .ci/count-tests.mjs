// Sums vitest's own summary lines ("Tests  2 failed | 40 passed (42)") across every log given, and prints the
// plain "N passed, N failed" line CI reads. The first argument is the exit status of the runs: a run that failed
// without a failing test (a file that did not load, a crashed worker) still counts as one failure.
import { readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let summaries = 0;
const [runStatus, ...files] = process.argv.slice(2);
for (const file of files) {
  const text = readFileSync(file, "utf8").replace(/\u001b\[[0-9;]*m/g, "");
  for (const line of text.split("\n")) {
    if (!/\bTests\s{2,}\d/.test(line)) continue;
    summaries += 1;
    passed += Number(/(\d+) passed/.exec(line)?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(line)?.[1] ?? 0);
  }
}
if (summaries === 0 || (runStatus !== "0" && failed === 0)) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

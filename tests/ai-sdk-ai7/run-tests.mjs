// ai 7 and @ai-sdk/mcp 2 declare Node >= 22, so on an older Node this package's tests do not run: it says so and
// succeeds, and the same command under Node 22 (CI's second pass) runs them.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  console.log(`ai 7 tests not run: ai 7 and @ai-sdk/mcp 2 need Node >= 22, this is Node ${process.versions.node}.`);
  process.exit(0);
}
const vitestBin = createRequire(import.meta.url).resolve("vitest/package.json").replace(/package\.json$/, "vitest.mjs");
const vitest = spawnSync(process.execPath, [vitestBin, "run", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(vitest.status ?? 1);

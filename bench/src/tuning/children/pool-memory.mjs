// What a pool of workers holds, in a fresh plain-Node process: the RSS (worker threads and their WebAssembly memories
// included) after import, with every worker started and idle, and after every worker ran a script that filled most of
// its memory limit (then a trivial run; a module's memory never shrinks). argv: poolSize, memoryBytes, fillBytes.
// Prints one JSON line; exits 1 on a wrong answer.
import { setTimeout as sleep } from "node:timers/promises";
import { createCodeMode, defineTool } from "@codemode/core";

const [poolSize, memoryBytes, fillBytes] = process.argv.slice(2).map(Number);
const gc = () => globalThis.gc?.();
const rss = () => (gc(), process.memoryUsage().rss);

// A tool that answers after a pause, so that poolSize runs submitted together hold every worker at once.
const pause = defineTool({ name: "wait", description: "Answers after a pause.", execute: () => sleep(100, 1) });
const codeMode = createCodeMode({ tools: [pause], poolSize, limits: { memoryBytes, timeoutMs: 60_000 } });
const all = (code) => Promise.all(Array.from({ length: poolSize }, () => codeMode.execute(code)));
const baselineRss = rss();
let wrong = (await all("return (await tools.wait({})).data")).filter((result) => result.result !== 1).length;
const idleRss = rss();
// Strings of 64 KiB until fillBytes: most of the limit, without reaching it.
const fill = `const parts = []; for (let i = 0; i < ${Math.floor(fillBytes / 65536)}; i++) parts.push("x".repeat(65500) + i);
await tools.wait({}); return parts.length;`;
let filledRss = idleRss;
if (fillBytes > 0) {
  wrong += (await all(fill)).filter((result) => result.status !== "completed").length;
  wrong += (await all("return 1")).filter((result) => result.result !== 1).length;
  filledRss = rss();
}
await codeMode.close();
console.log(JSON.stringify({ ok: wrong === 0, wrong, poolSize, memoryBytes, fillBytes, baselineRss, idleRss, filledRss }));
process.exit(wrong === 0 ? 0 : 1);

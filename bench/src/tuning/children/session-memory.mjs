// What live sessions hold, in a fresh plain-Node process: the RSS with COUNT sessions live (each a worker of its own,
// with a few kilobytes of state), and how long resuming one takes once it hibernated (its state a snapshot in the
// store, its worker freed). The process's RSS does not fall back when workers end, so idle hibernated sessions are
// measured by the sessions benchmark instead (1,000 of them). argv: count. Prints one JSON line; exits 1 on a wrong answer.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { createCodeMode } from "@codemode/core";

const COUNT = Number(process.argv[2] ?? 8);
const gc = () => globalThis.gc?.();
const rss = () => (gc(), process.memoryUsage().rss);
const STATE = `const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, name: "customer " + i, total: i * 3.5 }));
let visits = 0;`;

const codeMode = createCodeMode({ poolSize: 1, sessions: { hibernateAfterMs: 1500, maxLiveSessions: COUNT } });
let wrong = (await codeMode.execute("return 1")).result === 1 ? 0 : 1;
const baselineRss = rss();
const ids = [];
for (let index = 0; index < COUNT; index++) ids.push((await codeMode.execute(STATE, { sessionId: "new" })).sessionId);
const liveRss = rss();
await sleep(4000);
const resumeMs = [];
for (const id of ids) {
  const started = performance.now();
  const result = await codeMode.execute("visits++; return rows.length + visits", { sessionId: id });
  resumeMs.push(performance.now() - started);
  if (result.result !== 41) wrong++;
}
await codeMode.close();
console.log(JSON.stringify({ ok: wrong === 0, wrong, count: COUNT, baselineRss, liveRss, resumeMs }));
process.exit(wrong === 0 ? 0 : 1);

// Sessions held idle, in a fresh plain-Node process: starts COUNT sessions, each leaving a state of a few kilobytes
// (rows in an array and a Map, a function, a class instance), lets them hibernate, then reads the process's RSS
// (worker threads and WebAssembly memories included); then resumes a sample of them and checks every answer.
// argv: count. Prints one JSON line; exits 1 on a wrong answer.
import { performance } from "node:perf_hooks";
import { createCodeMode } from "@codemode/core";

const COUNT = Number(process.argv[2] ?? 1000);

const state = (index) => `const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, name: "customer " + i, tags: ["a", "b"], total: i * 3.5 }));
const byId = new Map(rows.map((row) => [row.id, row]));
function totalOf(ids) { return ids.reduce((sum, id) => sum + byId.get(id).total, 0) }
class Cart { constructor() { this.items = [] } add(id) { this.items.push(id); return this } }
const cart = new Cart().add(1).add(${(index % 30) + 2});
let visits = ${index};`;

// The defaults: 16 live sessions at most, hibernation after 30 s idle. Past 16 the least recently used hibernates.
const codeMode = createCodeMode({ sessions: {} });
await codeMode.execute("return 1");
const gc = () => globalThis.gc?.();
gc();
const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
const ids = [];
let wrong = 0;
const started = performance.now();
for (let index = 0; index < COUNT; index++) {
  const result = await codeMode.execute(state(index), { sessionId: "new" });
  if (result.status !== "completed" || !result.sessionId) wrong++;
  ids.push(result.sessionId);
  if (index % 50 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
const createMs = performance.now() - started;
gc();
const idleRss = process.memoryUsage().rss;
peakRss = Math.max(peakRss, idleRss);
const resumeMs = [];
for (let sample = 0; sample < Math.min(50, COUNT); sample++) {
  // 7919 is prime: the samples are distinct sessions, all hibernated (only the last 16 made are live).
  const index = (sample * 7919) % (COUNT - 16);
  const before = performance.now();
  const result = await codeMode.execute("visits++; return [visits, totalOf(cart.items)]", { sessionId: ids[index] });
  resumeMs.push(performance.now() - before);
  const expected = [index + 1, 3.5 + ((index % 30) + 2) * 3.5];
  if (JSON.stringify(result.result) !== JSON.stringify(expected)) wrong++;
}
await codeMode.close();
process.stdout.write(`${JSON.stringify({ ok: wrong === 0, wrong, count: COUNT, baselineRss, idleRss, peakRss, createMs, resumeMs })}\n`);
process.exitCode = wrong === 0 ? 0 : 1;

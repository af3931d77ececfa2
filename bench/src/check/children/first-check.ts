// The first check in a fresh process, as a user meets it: the code mode made, then its first check (which starts the
// compiler) timed alone, then a second. With a delay, the first check comes that long after the code mode was made,
// as when a model takes its turn first. Prints one JSON line; exits 1 when the correct script is not passed.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { createCodeMode } from "@codemode/core";
import { checkScript, checkTools } from "../check-workload.js";

const count = Number(process.argv[2]);
const delayMs = Number(process.argv[3] ?? 0);
const tools = checkTools(count);
const code = checkScript(tools);
const codeMode = createCodeMode({ tools, poolSize: 1 });
if (delayMs > 0) await sleep(delayMs);
const started = performance.now();
const first = await codeMode.check(code);
const firstMs = performance.now() - started;
const again = performance.now();
const second = await codeMode.check(code);
const secondMs = performance.now() - again;
await codeMode.close();
const ok = first.ok && second.ok;
process.stdout.write(`${JSON.stringify({ ok, count, firstMs, secondMs, diagnostics: first.diagnostics })}\n`);
process.exitCode = ok ? 0 : 1;

// A peer's cold start in a fresh process: import, set up, first `return 1` run. Plain JavaScript, no loader in
// the measured path. Prints one JSON line.
import { performance } from "node:perf_hooks";

const started = performance.now();
const adapter = await import(`./adapters/${process.argv[2]}.mjs`);
const peer = await adapter.createPeer();
const answer = await peer.run(`${peer.prelude}\nreturn 1;`);
const finished = performance.now();
await peer.close();
process.stdout.write(`\n${JSON.stringify({ ok: answer === 1, totalMs: finished - started })}\n`);
process.exit(answer === 1 ? 0 : 1);

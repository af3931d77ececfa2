import { WORKLOADS, type Workload } from "../engine/workloads.js";

/** The floor's helpers over its own envelope tools, the same shape each peer adapter's `prelude` gives. */
export const FLOOR_PRELUDE = `const echo = async (i) => { const r = await tools.bench.echo({ i }); if (!r.ok) throw new Error("echo"); return r.data.i; };
const sleep = async (i, ms) => { const r = await tools.bench.sleep({ i, ms }); if (!r.ok) throw new Error("sleep"); return r.data.i; };`;

const PEER_CODE: Record<Workload["id"], string> = {
  A: "return 1;",
  B: "let sum = 0;\nfor (let i = 0; i < 100; i++) sum += await echo(i);\nreturn sum;",
  C: "const values = await Promise.all(Array.from({ length: 100 }, (_, i) => sleep(i, 5)));\nreturn values.reduce((sum, v) => sum + v, 0);",
  D: WORKLOADS.find((w) => w.id === "D")!.code,
  F: WORKLOADS.find((w) => w.id === "F")!.code,
};

/**
 * Workloads A-D and F written against `echo(i)` and `sleep(i, ms)`, helpers each peer defines over its own tool API
 * (envelopes, plain values, synchronous calls), with budgets sized for peers that are ten times slower.
 */
export const PEER_WORKLOADS: readonly Workload[] = WORKLOADS.map((workload) => ({
  ...workload,
  code: PEER_CODE[workload.id],
  warmup: 1,
  minIterations: 3,
  maxIterations: workload.id === "A" ? 200 : 40,
  budgetMs: workload.id === "A" ? 3_000 : 2_000,
}));

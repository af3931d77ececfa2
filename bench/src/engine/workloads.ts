import { isDeepStrictEqual } from "node:util";

/** One engine workload: a script, the answer it must give, and how long to measure it. */
export interface Workload {
  id: "A" | "B" | "C" | "D" | "F";
  title: string;
  code: string;
  expected: unknown;
  warmup: number;
  minIterations: number;
  maxIterations: number;
  budgetMs: number;
}

const OBJECT_COUNT = 10_000;

/** Workloads A-D and F, each run beside the floor in the same process; E and the cold start run in children. */
export const WORKLOADS: readonly Workload[] = [
  {
    id: "A",
    title: "warm `return 1` run",
    code: "return 1;",
    expected: 1,
    warmup: 30,
    minIterations: 200,
    maxIterations: 600,
    budgetMs: 4_000,
  },
  {
    id: "B",
    title: "100 sequential tool calls",
    code: `let sum = 0;
for (let i = 0; i < 100; i++) {
  const r = await tools.bench.echo({ i });
  if (!r.ok) throw new Error(r.error.message);
  sum += r.data.i;
}
return sum;`,
    expected: 4950,
    warmup: 5,
    minIterations: 40,
    maxIterations: 150,
    budgetMs: 5_000,
  },
  {
    id: "C",
    title: "100 concurrent tool calls, 5 ms each",
    code: `const results = await Promise.all(Array.from({ length: 100 }, (_, i) => tools.bench.sleep({ i, ms: 5 })));
return results.reduce((sum, r) => sum + (r.ok ? r.data.i : NaN), 0);`,
    expected: 4950,
    warmup: 5,
    minIterations: 30,
    maxIterations: 100,
    budgetMs: 4_000,
  },
  {
    id: "D",
    title: "1e6-step loop",
    code: "let sum = 0;\nfor (let i = 0; i < 1e6; i++) sum += i;\nreturn sum;",
    expected: 499_999_500_000,
    warmup: 2,
    minIterations: 8,
    maxIterations: 20,
    budgetMs: 8_000,
  },
  {
    id: "F",
    title: `returning ${OBJECT_COUNT.toLocaleString("en")} small objects`,
    code: `const items = [];
for (let i = 0; i < ${OBJECT_COUNT}; i++) items.push({ id: i, name: "item " + i, even: i % 2 === 0 });
return items;`,
    expected: Array.from({ length: OBJECT_COUNT }, (_, i) => ({ id: i, name: `item ${i}`, even: i % 2 === 0 })),
    warmup: 3,
    minIterations: 15,
    maxIterations: 40,
    budgetMs: 6_000,
  },
];

/** Throws, naming the workload and both values, unless `actual` is the workload's answer. */
export function checkAnswer(who: string, workload: Workload, actual: unknown): void {
  if (isDeepStrictEqual(actual, workload.expected)) return;
  const shown = JSON.stringify(actual)?.slice(0, 200);
  throw new Error(`${who} gave a wrong answer on workload ${workload.id}: ${shown}`);
}

// The workloads of the per-runtime benchmark, measured inside whichever runtime loads this file (Node.js, Bun, Deno,
// a Chromium page, workerd): each beside the raw QuickJS floor in the same process, interleaved. No Node.js API.
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant } from "quickjs-emscripten-core";
import * as variantModule from "@jitl/quickjs-wasmfile-release-sync";
import type { CodeMode } from "@codemode/core";
import { BENCH_INPUT_SCHEMA, BENCH_TOOLS } from "../engine/bench-tools.js";
import { runFloor } from "../engine/run-floor.js";
import { summarize, type Summary } from "../stats/summarize.js";

/** What the core's build of the runtime offers the benchmark. */
export interface CoreEntry {
  createCodeMode: (options: object) => CodeMode;
  defineTool: (tool: object) => object;
}

/** One workload's medians in one runtime, the engine beside the floor. */
export interface RuntimeWorkload {
  floor: Summary;
  engine: Summary;
  ratio: number;
}

/** Everything measured in one runtime and engine. */
export interface RuntimeFigures {
  workloads: Record<"A" | "B" | "D", RuntimeWorkload>;
  /** (median of B - median of A) / 100, in microseconds. */
  perCallUs: { floor: number; engine: number };
}

const WORKLOADS = [
  { id: "A", code: "return 1;", expected: 1, warmup: 20, iterations: 150 },
  {
    id: "B",
    code: "let sum = 0;\nfor (let i = 0; i < 100; i++) { const r = await tools.bench.echo({ i }); sum += r.data.i; }\nreturn sum;",
    expected: 4950,
    warmup: 5,
    iterations: 30,
  },
  { id: "D", code: "let sum = 0;\nfor (let i = 0; i < 1e6; i++) sum += i;\nreturn sum;", expected: 499_999_500_000, warmup: 2, iterations: 8 },
] as const;

/** Measures workloads A, B and D with `engine`, beside the floor built from the same QuickJS module. */
export async function measureRuntime(core: CoreEntry, engine: "workers" | "in-process", quickjs: WebAssembly.Module): Promise<RuntimeFigures> {
  const base = (variantModule as unknown as { default: QuickJSSyncVariant }).default;
  const floorModule = await newQuickJSWASMModuleFromVariant(newVariant(base, { wasmModule: quickjs }));
  // Unchecked, as in the engine bench: these workloads measure the sandbox against the floor; what the check before a
  // run adds (where a runtime has a checker) is `bench check`'s to measure.
  const codeMode = core.createCodeMode({
    engine,
    check: "off",
    tools: Object.entries(BENCH_TOOLS).map(([name, execute]) => core.defineTool({ name, description: `Benchmark tool ${name}.`, inputSchema: BENCH_INPUT_SCHEMA, execute })),
  });
  const workloads = {} as RuntimeFigures["workloads"];
  let runs = 0;
  try {
    for (const workload of WORKLOADS) {
      const samples = { floor: [] as number[], engine: [] as number[] };
      const sides = {
        floor: async (code: string) => runFloor(floorModule, code, BENCH_TOOLS),
        engine: async (code: string) => {
          const result = await codeMode.execute(code);
          if (result.status !== "completed") throw new Error(`workload ${workload.id}: ${JSON.stringify(result.error)}`);
          return result.result;
        },
      };
      for (let round = 0; round < workload.warmup + workload.iterations; round++) {
        // Who goes first alternates, so drift hits both alike; every run gets a new source, as a model writes one.
        for (const side of round % 2 === 0 ? (["floor", "engine"] as const) : (["engine", "floor"] as const)) {
          const started = performance.now();
          const answer = await sides[side](`${workload.code}\n// run ${++runs}`);
          const elapsed = performance.now() - started;
          if (answer !== workload.expected) throw new Error(`${side} answered ${JSON.stringify(answer)} on workload ${workload.id}`);
          if (round >= workload.warmup) samples[side].push(elapsed);
        }
      }
      const floor = summarize(samples.floor);
      const measured = summarize(samples.engine);
      workloads[workload.id] = { floor, engine: measured, ratio: measured.median / floor.median };
    }
  } finally {
    await codeMode.close();
  }
  const perCall = (side: "floor" | "engine") => ((workloads.B[side].median - workloads.A[side].median) / 100) * 1000;
  return { workloads, perCallUs: { floor: perCall("floor"), engine: perCall("engine") } };
}

// Cold start in a fresh process, as a user meets it: import, create, first run. Plain JavaScript, so no loader
// (tsx) is in the measured path. Prints one JSON line; exits 1 on a wrong answer.
import { performance } from "node:perf_hooks";

const mode = process.argv[2];
const started = performance.now();
const { imported, finished, answer } = mode === "floor" ? await floor() : await engine(mode === "in-process" ? "in-process" : "workers");
process.stdout.write(
  `${JSON.stringify({
    ok: answer === 1,
    answer,
    importMs: imported - started,
    firstRunMs: finished - imported,
    totalMs: finished - started,
    sinceProcessStartMs: finished,
  })}\n`,
);
process.exitCode = answer === 1 ? 0 : 1;

async function engine(kind) {
  const { createCodeMode } = await import("@codemode/core");
  const imported = performance.now();
  // Unchecked, as in the other engine workloads: the check's first run is `bench check`'s to measure.
  const codeMode = createCodeMode({ engine: kind, check: "off" });
  const result = await codeMode.execute("return 1;");
  const finished = performance.now();
  await codeMode.close();
  return { imported, finished, answer: result.status === "completed" ? result.result : result.error };
}

async function floor() {
  const { newQuickJSWASMModuleFromVariant } = await import("quickjs-emscripten-core");
  const variant = await import("@jitl/quickjs-wasmfile-release-sync");
  const imported = performance.now();
  const module = await newQuickJSWASMModuleFromVariant(variant.default ?? variant);
  const runtime = module.newRuntime();
  const context = runtime.newContext();
  const handle = context.unwrapResult(context.evalCode("(() => { return 1; })()"));
  const answer = context.getNumber(handle);
  handle.dispose();
  context.dispose();
  runtime.dispose();
  return { imported, finished: performance.now(), answer };
}

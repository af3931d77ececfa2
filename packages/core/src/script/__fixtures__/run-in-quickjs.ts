// Test helper: evaluates a program in a fresh QuickJS runtime (the sandbox's variant) on this thread, as the sandbox's guest would.
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";

let modulePromise: Promise<QuickJSWASMModule> | undefined;

/** Loads the default QuickJS sync module (the sandbox's variant) once per test file. */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  modulePromise ??= newQuickJSWASMModuleFromVariant(import("@jitl/quickjs-wasmfile-release-sync") as never);
  return modulePromise;
}

/** How a program ended: its (awaited) value, a rejection, a compile/sync error, or still pending. */
export type Outcome =
  | { status: "fulfilled"; value: unknown }
  | { status: "rejected"; error: any }
  | { status: "thrown"; error: any }
  | { status: "pending" };

/** Evaluates `source` as a global script, awaits the promise it evaluates to, and dumps the outcome. */
export async function runInQuickJS(source: string, fileName = "test.js", setup?: string): Promise<Outcome> {
  const module = await loadQuickJS();
  const runtime = module.newRuntime();
  runtime.setMaxStackSize(256 * 1024);
  const context = runtime.newContext();
  try {
    if (setup !== undefined) context.unwrapResult(context.evalCode(setup, "setup.js", { type: "global" })).dispose();
    const result = context.evalCode(source, fileName, { type: "global" });
    if (result.error) {
      const error = context.dump(result.error);
      result.error.dispose();
      return { status: "thrown", error };
    }
    const jobs = runtime.executePendingJobs();
    if (jobs.error) jobs.error.dispose();
    const state = context.getPromiseState(result.value);
    result.value.dispose();
    if (state.type === "pending") return { status: "pending" };
    if (state.type === "rejected") {
      const error = context.dump(state.error);
      state.error.dispose();
      return { status: "rejected", error };
    }
    const value = context.dump(state.value);
    state.value.dispose();
    return { status: "fulfilled", value };
  } finally {
    context.dispose();
    runtime.dispose();
  }
}

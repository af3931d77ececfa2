import {
  isFail,
  newQuickJSWASMModuleFromVariant,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from "quickjs-emscripten-core";
import type { HostTool } from "./bench-tools.js";

/** Loads the QuickJS module the floor runs in, once per process, as the engine does once per worker. */
export async function loadFloorModule(): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(import("@jitl/quickjs-wasmfile-release-sync") as never);
}

/**
 * Runs a script the least a sandbox can do: a fresh runtime and context in this thread, the code as the body of an
 * async function, tools as promise-bridged host functions that pass JSON strings, the result returned as a JSON
 * string and parsed on the host. Everything the engine adds (threads, validation, limits, envelopes) is above this.
 */
export async function runFloor(
  module: QuickJSWASMModule,
  code: string,
  tools: Readonly<Record<string, HostTool>>,
): Promise<unknown> {
  const runtime = module.newRuntime();
  const context = runtime.newContext();
  const inFlight = new Set<QuickJSDeferredPromise>();
  let wake: (() => void) | undefined;
  try {
    const call = context.newFunction("__call", (nameHandle, argsHandle) => {
      const tool = tools[context.getString(nameHandle)]!;
      const deferred = context.newPromise();
      inFlight.add(deferred);
      void tool(JSON.parse(context.getString(argsHandle))).then((data) => {
        if (!deferred.alive) return;
        const value = context.newString(JSON.stringify({ ok: true, data, meta: { omitted: false } }));
        deferred.resolve(value);
        value.dispose();
        deferred.dispose();
        inFlight.delete(deferred);
        wake?.();
      });
      return deferred.handle;
    });
    context.setProp(context.global, "__call", call);
    call.dispose();
    const promise = context.unwrapResult(context.evalCode(prelude(Object.keys(tools)) + wrap(code)));
    try {
      return await settle(runtime, context, promise, inFlight, (resolve) => (wake = resolve));
    } finally {
      promise.dispose();
    }
  } finally {
    for (const deferred of inFlight) deferred.dispose();
    context.dispose();
    runtime.dispose();
  }
}

async function settle(
  runtime: QuickJSRuntime,
  context: QuickJSContext,
  promise: QuickJSHandle,
  inFlight: ReadonlySet<unknown>,
  onWake: (resolve: () => void) => void,
): Promise<unknown> {
  for (;;) {
    const jobs = runtime.executePendingJobs();
    if (isFail(jobs)) {
      const error = context.dump(jobs.error);
      jobs.error.dispose();
      throw new Error(`Floor job failed: ${JSON.stringify(error)}`);
    }
    const state = context.getPromiseState(promise);
    if (state.type === "fulfilled") {
      const json = context.getString(state.value);
      state.value.dispose();
      return JSON.parse(json);
    }
    if (state.type === "rejected") {
      const error = context.dump(state.error);
      state.error.dispose();
      throw new Error(`Floor script failed: ${JSON.stringify(error)}`);
    }
    if (inFlight.size === 0) throw new Error("Floor script can never settle.");
    await new Promise<void>(onWake);
  }
}

function prelude(toolNames: readonly string[]): string {
  const namespaces: Record<string, string[]> = {};
  for (const name of toolNames) {
    const dot = name.indexOf(".");
    (namespaces[name.slice(0, dot)] ??= []).push(name.slice(dot + 1));
  }
  const entries = Object.entries(namespaces).map(
    ([namespace, names]) =>
      `${JSON.stringify(namespace)}: {${names
        .map((n) => `${JSON.stringify(n)}: (a) => __call(${JSON.stringify(`${namespace}.${n}`)}, JSON.stringify(a)).then(JSON.parse)`)
        .join(",")}}`,
  );
  return `const tools = {${entries.join(",")}};\n`;
}

function wrap(code: string): string {
  return `(async () => {\n${code}\n})().then((value) => JSON.stringify(value === undefined ? null : value));`;
}

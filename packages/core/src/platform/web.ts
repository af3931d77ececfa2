// The platform of browsers and of any other runtime that loads modules by URL (the `browser` and `default` builds): a
// pool of Web Workers where the runtime has them, else engines on the host's thread; the WebAssembly is fetched from
// the files beside this build (bundlers such as Vite and webpack find `new URL("...", import.meta.url)` and ship the
// files as assets), compiled once on the page and sent to each worker.
import { initSync, transformSync } from "@swc/wasm-typescript-esm";
import { runtimeName } from "../portable/index.js";
import { createInProcessPool, createWebWorkerStarter, createWorkerPool } from "../sandbox/index.js";
import { refuseWorkspace } from "./refuse-workspace.js";
import type { Platform } from "./platform.js";

let engineModule: Promise<WebAssembly.Module> | undefined;

/** Compiles the engine once: fetched and compiled as it streams in where the runtime can. */
function compileEngine(): Promise<WebAssembly.Module> {
  engineModule ??= compileAsset(new URL("../quickjs.wasm", import.meta.url));
  engineModule.catch(() => (engineModule = undefined));
  return engineModule;
}

async function compileAsset(url: URL): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href} answered ${response.status} (${runtimeName()}).`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** The platform of the `browser` and `default` builds. */
export const platform: Platform = {
  engines: typeof (globalThis as { Worker?: unknown }).Worker === "function" ? ["workers", "in-process"] : ["in-process"],
  createPool(engine, options) {
    if (engine === "in-process") return createInProcessPool({ ...options, engineModule: compileEngine });
    const starter = createWebWorkerStarter(compileEngine);
    const pool = createWorkerPool({ ...options, startWorker: starter.start });
    return { ...pool, stats: () => ({ ...pool.stats(), sharedMemoryReplies: starter.sharedMemoryReplies() }) };
  },
  cpuCount: () => (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1,
  createWorkspaces: refuseWorkspace,
  async loadTypeStripper() {
    initSync({ module: await compileAsset(new URL("../typescript-stripper.wasm", import.meta.url)) });
    return transformSync;
  },
};

// The platform of Node.js, Bun and Deno: worker threads (or engines in process, by choice), the real file system,
// the engines' WebAssembly read from the files beside this build.
import { availableParallelism } from "node:os";
import { compilePackageAsset, compileQuickJSModule, createInProcessPool, createWorkerPool, startNodeWorker } from "../sandbox/index.js";
import { createWorkspace } from "../workspace/index.js";
import type { Platform } from "./platform.js";

/** The platform of the `node`, `bun` and `deno` builds. */
export const platform: Platform = {
  engines: ["workers", "in-process"],
  createPool: (engine, options) =>
    engine === "workers"
      ? createWorkerPool({ ...options, startWorker: startNodeWorker })
      : createInProcessPool({ ...options, engineModule: compileQuickJSModule }),
  cpuCount: () => availableParallelism(),
  createWorkspace,
  async loadTypeStripper() {
    const [swc, module] = await Promise.all([import("@swc/wasm-typescript-esm"), compilePackageAsset("typescript-stripper.wasm")]);
    swc.initSync({ module });
    return swc.transformSync;
  },
};

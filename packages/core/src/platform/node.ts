// The platform of Node.js, Bun and Deno: worker threads (or engines in process, by choice), the real file system,
// the engines' WebAssembly read from the files beside this build.
import { holdChecker, sharedChecker } from "../check/index.js";
import { compilePackageAsset, compileQuickJSModule, createInProcessPool, createWorkerPool, startNodeWorker } from "../sandbox/index.js";
import { nodeBuiltin, runtimeName } from "../portable/index.js";
import { createOwnerWorkspaces } from "../workspace/index.js";
import type { Platform } from "./platform.js";

/**
 * Bun and Deno start worker threads with their default stack whatever `resourceLimits` asks, so their runs get the
 * stack an engine on the host's thread gets (IN_PROCESS_MAX_STACK_BYTES): measured there, deeper QuickJS limits let
 * some adversarial cases overflow the thread's stack first.
 */
const WORKER_STACK_CAP = runtimeName() === "Node.js" ? undefined : 64 * 1024;

/** The platform of the `node`, `bun` and `deno` builds. */
export const platform: Platform = {
  engines: ["workers", "in-process"],
  createPool: (engine, options) =>
    engine === "workers"
      ? createWorkerPool({ ...options, startWorker: startNodeWorker, ...(WORKER_STACK_CAP ? { maxStackBytesCap: WORKER_STACK_CAP } : {}) })
      : createInProcessPool({ ...options, engineModule: compileQuickJSModule }),
  cpuCount: () => nodeBuiltin("node:os").availableParallelism(),
  createWorkspaces: createOwnerWorkspaces,
  async loadTypeStripper() {
    const [swc, module] = await Promise.all([import("@swc/wasm-typescript-esm"), compilePackageAsset("typescript-stripper.wasm")]);
    swc.initSync({ module });
    return swc.transformSync;
  },
  scriptChecker: { hold: holdChecker, shared: sharedChecker },
};

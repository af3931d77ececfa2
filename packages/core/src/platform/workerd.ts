// The platform of Cloudflare Workers (workerd): no threads, and no compiling of WebAssembly from bytes, so both
// modules are imported as modules. Wrangler's default rules load an import as WebAssembly when its path ends in
// `.wasm`; a workerd config lists them as `wasm` modules.
import { initSync, transformSync } from "@swc/wasm-typescript-esm";
// eslint-disable-next-line codemode/layers -- a file the build ships beside dist/workerd/, not a module of src/
import quickjs from "../quickjs.wasm";
// eslint-disable-next-line codemode/layers -- likewise
import typescriptStripper from "../typescript-stripper.wasm";
import { createInProcessPool } from "../sandbox/index.js";
import { refuseWorkspace } from "./refuse-workspace.js";
import type { Platform } from "./platform.js";

/** The platform of the `workerd` build. */
export const platform: Platform = {
  engines: ["in-process"],
  // A deployed Worker advances its clock only on I/O, so a run's work counts against its deadline too.
  createPool: (_engine, options) => createInProcessPool({ ...options, engineModule: () => Promise.resolve(quickjs), countWork: true }),
  cpuCount: () => 1,
  createWorkspaces: refuseWorkspace,
  async loadTypeStripper() {
    initSync({ module: typescriptStripper });
    return transformSync;
  },
};

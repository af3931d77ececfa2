import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ENGINE_BASELINE_PAGES } from "../protocol.js";

/** The quickjs-emscripten variant every worker runs (see docs/decisions for why the default QuickJS build). */
export const QUICKJS_VARIANT = "@jitl/quickjs-wasmfile-release-sync";

const PAGE_BYTES = 65_536;

let compiled: Promise<WebAssembly.Module> | undefined;

/** Compiles the engine's WebAssembly once per process; workers instantiate the same compiled module. */
export function compileQuickJSModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const require = createRequire(import.meta.url);
    const packageDirectory = join(require.resolve(`${QUICKJS_VARIANT}/package.json`), "..");
    const bytes = await readFile(join(packageDirectory, "dist", "emscripten-module.wasm"));
    return WebAssembly.compile(bytes);
  })();
  compiled.catch(() => {
    compiled = undefined;
  });
  return compiled;
}

/** The pages of one module's capped memory: the engine's baseline plus the script's memory limit. */
export function memoryPages(memoryBytes: number): { initialPages: number; maximumPages: number } {
  const maximumPages = Math.min(65_536, ENGINE_BASELINE_PAGES + Math.ceil(memoryBytes / PAGE_BYTES));
  return { initialPages: ENGINE_BASELINE_PAGES, maximumPages };
}

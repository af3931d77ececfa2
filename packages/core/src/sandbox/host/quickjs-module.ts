import { nodeBuiltin } from "../../portable/index.js";
import { ENGINE_BASELINE_PAGES } from "../protocol.js";

const PAGE_BYTES = 65_536;

/**
 * The WebAssembly files the build copies beside itself, and where a run from source (the tests) finds them: in the
 * packages they come from. Read by path rather than resolved as packages, so that Deno with `npm:` specifiers and no
 * node_modules folder finds them too.
 */
const SOURCE_ASSETS = {
  "quickjs.wasm": "../../../node_modules/@jitl/quickjs-wasmfile-release-sync/dist/emscripten-module.wasm",
  "typescript-stripper.wasm": "../../../node_modules/@swc/wasm-typescript-esm/wasm_bg.wasm",
} as const;

/** The name of a WebAssembly file the package ships. */
export type PackageAsset = keyof typeof SOURCE_ASSETS;

/**
 * Compiles a WebAssembly file the package ships (Node.js, Bun, Deno). Deno imports it through a small module beside
 * it (a source phase import), which needs no permission to read files.
 */
export async function compilePackageAsset(name: PackageAsset): Promise<WebAssembly.Module> {
  const fromSource = import.meta.url.endsWith(".ts");
  if (!fromSource && "Deno" in globalThis) {
    const loader = new URL(`./${name.replace(/\.wasm$/, ".deno.js")}`, import.meta.url);
    return ((await import(loader.href)) as { default: WebAssembly.Module }).default;
  }
  // Read at once rather than in the file system's turns of the event loop: a first run's script is prepared while
  // WebAssembly.compile works on V8's background threads, instead of before it starts.
  return WebAssembly.compile(nodeBuiltin("node:fs").readFileSync(new URL(fromSource ? SOURCE_ASSETS[name] : `./${name}`, import.meta.url)));
}

let compiled: Promise<WebAssembly.Module> | undefined;

/** Compiles the engine's WebAssembly once per process; workers instantiate the same compiled module. */
export function compileQuickJSModule(): Promise<WebAssembly.Module> {
  compiled ??= compilePackageAsset("quickjs.wasm");
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

import * as variantModule from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";

/** One instantiated engine: a QuickJS module, the capped memory it runs in, and the serialiser's source. */
export interface GuestEngine {
  module: QuickJSWASMModule;
  memory: WebAssembly.Memory;
  /** The size the memory may grow to. */
  maximumBytes: number;
  serializerSource: string;
  /**
   * Lines the engine printed, kept off the process's stdout and stderr: emscripten writes a module's abort
   * (`Aborted(Assertion failed: list_empty(&rt->gc_obj_list) ...)` when a teardown fails) with `console.error` by
   * default, and on the user's console that reads like a crash of their program. A run reports the lines printed
   * while it ran as diagnostics; the lines of a failed teardown are dropped by the worker, which retires for it.
   */
  printed: string[];
}

/** What an engine is made from: the compiled module, its memory's size in pages, and the serialiser's source. */
export interface GuestEngineOptions {
  wasmModule: WebAssembly.Module;
  initialPages: number;
  maximumPages: number;
  serializerSource: string;
}

type CustomizeVariantOptions = Parameters<typeof newVariant>[1];

/**
 * Loads the variant's own pieces (its Emscripten glue and FFI), which it imports with import() when a module is made.
 * Started while the WebAssembly compiles, they are read and parsed then rather than after: an engine on the host's
 * thread starts about 4 ms sooner (a worker thread measured no faster). Never rejects: a piece that cannot load fails
 * createGuestEngine, which imports it again.
 */
export function preloadEngineCode(): Promise<void> {
  const base = (variantModule as unknown as { default: QuickJSSyncVariant }).default;
  return Promise.all([base.importModuleLoader(), base.importFFI()]).then(
    () => undefined,
    () => undefined,
  );
}

/** Instantiates the precompiled QuickJS module in a fresh, capped linear memory. */
export async function createGuestEngine(options: GuestEngineOptions): Promise<GuestEngine> {
  const memory = new WebAssembly.Memory({ initial: options.initialPages, maximum: options.maximumPages });
  // A namespace import: under NodeNext resolution quickjs-emscripten 0.32 types the variant's default export as the module.
  const base = (variantModule as unknown as { default: QuickJSSyncVariant }).default;
  const printed: string[] = [];
  const keep = (text: string) => void printed.push(text);
  // print and printErr are read by the emscripten module itself; quickjs-emscripten passes them through untyped.
  const emscriptenModule = { print: keep, printErr: keep } as CustomizeVariantOptions["emscriptenModule"];
  const variant = newVariant(base, { wasmModule: options.wasmModule, wasmMemory: memory, emscriptenModule });
  const module = await newQuickJSWASMModuleFromVariant(variant);
  return { module, memory, maximumBytes: options.maximumPages * 65_536, serializerSource: options.serializerSource, printed };
}

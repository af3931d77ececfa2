// The per-runtime benchmark in a Chromium page: the page imports the core's browser build (an import map names it)
// and this bundle, which measures both engines and leaves the figures on the page for the runner to read.
import * as core from "@codemode/core";
import { measureRuntime, type CoreEntry } from "./measure-runtime.js";

const page = globalThis as unknown as { benchResult?: unknown; benchError?: string };
try {
  const quickjs = await WebAssembly.compile(await (await fetch("/quickjs.wasm")).arrayBuffer());
  const figures: Record<string, unknown> = {};
  for (const engine of ["workers", "in-process"] as const) figures[engine] = await measureRuntime(core as unknown as CoreEntry, engine, quickjs);
  page.benchResult = figures;
} catch (error) {
  page.benchError = String(error instanceof Error ? error.stack : error);
}

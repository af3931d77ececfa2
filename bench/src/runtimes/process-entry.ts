// The per-runtime benchmark in a process of its own: Node.js, Bun or Deno runs this file (bundled by
// run-runtimes-bench.ts) with the engine and the path of the core's QuickJS file, and it prints one JSON line.
import { readFile } from "node:fs/promises";
import * as core from "@codemode/core";
import { measureRuntime, type CoreEntry } from "./measure-runtime.js";

const [engine, wasmPath] = process.argv.slice(2) as ["workers" | "in-process", string];
const quickjs = await WebAssembly.compile(await readFile(wasmPath));
const figures = await measureRuntime(core as unknown as CoreEntry, engine, quickjs);
const scope = globalThis as { Bun?: { version: string }; Deno?: { version: { deno: string } } };
const runtime = scope.Bun ? `Bun ${scope.Bun.version}` : scope.Deno ? `Deno ${scope.Deno.version.deno}` : `Node.js ${process.version}`;
process.stdout.write(`${JSON.stringify({ ...figures, runtime })}\n`);

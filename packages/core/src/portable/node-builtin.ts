import { createRequire } from "node:module";
import type * as fs from "node:fs";
import type * as fsPromises from "node:fs/promises";
import type * as os from "node:os";
import type * as workerThreads from "node:worker_threads";

interface NodeBuiltins {
  "node:fs": typeof fs;
  "node:fs/promises": typeof fsPromises;
  "node:os": typeof os;
  "node:worker_threads": typeof workerThreads;
}

let load: NodeJS.Require | undefined;

/**
 * A Node.js built-in, loaded when first asked for: for the Node.js build's files only (Node.js, Bun and Deno). Imported
 * at the top of the bundle, `node:worker_threads`, `node:fs/promises` and `node:os` loaded Node's streams, readline and
 * REPL history with them, and an ES import of `node:fs` loads its streams: 2-6 ms of every cold start (Node 20-26),
 * before the first run, for paths (a worker pool, a workspace) an engine in process may never take.
 */
export function nodeBuiltin<Id extends keyof NodeBuiltins>(id: Id): NodeBuiltins[Id] {
  load ??= createRequire(import.meta.url);
  return load(id) as NodeBuiltins[Id];
}

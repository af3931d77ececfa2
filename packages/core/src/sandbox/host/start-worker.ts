import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ResourceLimits, Worker } from "node:worker_threads";
import { nodeBuiltin } from "../../portable/index.js";

/**
 * The worker entry: the built `sandbox-worker.js` beside the bundle in dist, the `.ts` source (in the sibling
 * worker folder) under vitest.
 */
export function sandboxWorkerUrl(): URL {
  const source = import.meta.url.endsWith(".ts");
  return new URL(source ? "../worker/sandbox-worker.ts" : "./sandbox-worker.js", import.meta.url);
}

/**
 * A loader hook (as a data: URL for `module.register`) for code run from source: `import text from "./file.js?raw"`
 * gives the file's text, as vitest and the build give it (the guest's JavaScript is imported so).
 */
export const rawTextHooksUrl = (): string => `data:text/javascript,${encodeURIComponent(`import { readFile } from "node:fs/promises";
export async function load(url, context, next) {
  if (!url.endsWith("?raw")) return next(url, context);
  const text = await readFile(new URL(url.slice(0, -"?raw".length)), "utf8");
  return { format: "module", source: "export default " + JSON.stringify(text) + ";", shortCircuit: true };
}`)}`;

/**
 * Starts a worker thread from a module URL. A `.ts` entry (tests run from src) goes through tsx's loader and the
 * raw-text hook; Node 20 ignores `--import` in a worker's execArgv, so both are registered by a small bootstrap.
 */
export function startWorker(url: URL, resourceLimits: ResourceLimits): Worker {
  const { Worker } = nodeBuiltin("node:worker_threads");
  if (!url.pathname.endsWith(".ts")) return new Worker(url, { resourceLimits });
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(join(require.resolve("tsx/package.json"), "..", "dist", "esm", "api", "index.mjs"));
  const bootstrap = `Promise.all([import("node:module"), import(${JSON.stringify(tsxApi.href)})]).then(([module, tsx]) => {
  tsx.register();
  module.register(${JSON.stringify(rawTextHooksUrl())});
  return import(${JSON.stringify(url.href)});
});`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

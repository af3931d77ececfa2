import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";

/**
 * The worker entry: the built `sandbox-worker.js` beside the bundle in dist, the `.ts` source (in the sibling
 * worker folder) under vitest.
 */
export function sandboxWorkerUrl(): URL {
  const source = import.meta.url.endsWith(".ts");
  return new URL(source ? "../worker/sandbox-worker.ts" : "./sandbox-worker.js", import.meta.url);
}

/**
 * Starts a worker thread from a module URL. A `.ts` entry (tests run from src) goes through tsx's loader; Node 20
 * ignores `--import` in a worker's execArgv, so the loader is registered by a two-line bootstrap instead.
 */
export function startWorker(url: URL, resourceLimits: ResourceLimits): Worker {
  if (!url.pathname.endsWith(".ts")) return new Worker(url, { resourceLimits });
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(join(require.resolve("tsx/package.json"), "..", "dist", "esm", "api", "index.mjs"));
  const bootstrap = `import(${JSON.stringify(tsxApi.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

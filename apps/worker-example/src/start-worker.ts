// Bundles the Worker as wrangler would and serves it with workerd from the `workerd` package, offline, on a free port.
import { fileURLToPath } from "node:url";
import { startWorker as startWorkerd, type ServedWorker } from "@codemode/runtime-harness";

/** Builds the Worker and starts workerd; resolves once it answers. */
export function startWorker(): Promise<ServedWorker> {
  return startWorkerd(fileURLToPath(new URL("./worker.ts", import.meta.url)));
}

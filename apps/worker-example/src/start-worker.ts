// Bundles the Worker as wrangler would and serves it with workerd from the `workerd` package, offline, on a free port.
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleWorker, serveWorkerd, type ServedWorker } from "@codemode/runtime-harness";

const WASM = ["quickjs.wasm", "typescript-stripper.wasm"];

/** Builds the Worker and starts workerd; resolves once it answers. */
export async function startWorker(): Promise<ServedWorker> {
  const dir = await mkdtemp(join(tmpdir(), "codemode-worker-"));
  await bundleWorker(fileURLToPath(new URL("./worker.ts", import.meta.url)), dir);
  const core = dirname(createRequire(import.meta.url).resolve("@codemode/core/package.json"));
  await Promise.all(WASM.map((name) => copyFile(join(core, "dist", name), join(dir, name))));
  const served = await serveWorkerd(dir, WASM).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: served.url.replace(/\/$/, ""),
    stop: async () => {
      await served.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

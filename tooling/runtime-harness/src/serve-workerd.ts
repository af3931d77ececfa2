import { execFile, spawn } from "node:child_process";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { build, type PluginBuild } from "esbuild";

const require = createRequire(import.meta.url);

/** A workerd serving a Worker on a free port of 127.0.0.1. */
export interface ServedWorker {
  url: string;
  stop(): Promise<void>;
}

/**
 * Bundles a Worker as wrangler does (esbuild, the `workerd` condition, `cloudflare:*` left to workerd, and wrangler's
 * default rule for `.wasm`: an import whose path ends in .wasm is a WebAssembly module of the Worker, listed beside
 * it) into `dir/worker.js`, and copies the WebAssembly files it imports beside it; resolves to their names.
 */
export async function bundleWorker(entry: string, dir: string): Promise<string[]> {
  const wasm = new Map<string, string>();
  const wasmModules = {
    name: "wasm-modules",
    setup(builder: PluginBuild) {
      builder.onResolve({ filter: /\.wasm$/ }, ({ path, resolveDir }) => {
        wasm.set(basename(path), resolve(resolveDir, path));
        return { path: `./${basename(path)}`, external: true };
      });
    },
  };
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["cloudflare:*"],
    plugins: [wasmModules],
    outfile: join(dir, "worker.js"),
    logLevel: "silent",
  });
  await Promise.all([...wasm].map(([name, from]) => copyFile(from, join(dir, name))));
  return [...wasm.keys()];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function config(port: number, wasm: readonly string[]): string {
  const modules = [`(name = "worker.js", esModule = embed "worker.js")`, ...wasm.map((name) => `(name = "${name}", wasm = embed "${name}")`)];
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [${modules.join(", ")}],
  compatibilityDate = "2026-11-01",
);
`;
}

/**
 * Serves `dir/worker.js` and the `.wasm` files named (in `dir`) with workerd from the `workerd` package, offline;
 * resolves once it answers. No `nodejs_compat`: the Worker gets only what workerd itself offers.
 */
export async function serveWorkerd(dir: string, wasm: readonly string[]): Promise<ServedWorker> {
  const port = await freePort();
  await writeFile(join(dir, "config.capnp"), config(port, wasm));
  // The binary itself, which the package's main export names: its `bin` script runs it as a child of its own, which
  // stopping the script would leave running.
  const binary = (require("workerd") as { default: string }).default;
  const child = spawn(binary, ["serve", join(dir, "config.capnp"), "--experimental"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill();
    await new Promise((resolve) => child.once("exit", resolve));
  };
  for (const started = Date.now(); Date.now() - started < 20_000 && child.exitCode === null; ) {
    if (await fetch(url, { method: "HEAD" }).then(() => true, () => false)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`workerd did not start: ${output.trim().slice(-2000)}`);
}

/** Bundles a Worker (see {@link bundleWorker}) into a temporary folder and serves it with workerd; stopping removes the folder. */
export async function startWorker(entry: string): Promise<ServedWorker> {
  const dir = await mkdtemp(join(tmpdir(), "codemode-worker-"));
  try {
    const served = await serveWorkerd(dir, await bundleWorker(entry, dir));
    return {
      url: served.url.replace(/\/$/, ""),
      stop: async () => {
        await served.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Why workerd cannot run on this machine (the `workerd` package has no binary for its platform, or the binary does not
 * start), or null when it can: a test that needs it says so rather than failing.
 */
export async function whyNoWorkerd(): Promise<string | null> {
  let binary: string;
  try {
    binary = (require("workerd") as { default: string }).default;
  } catch (error) {
    return `the workerd package has no binary for ${process.platform}-${process.arch} (${(error as Error).message.split("\n")[0]})`;
  }
  return new Promise((done) => execFile(binary, ["--version"], (error) => done(error ? `workerd does not start here (${error.message.split("\n")[0]})` : null)));
}

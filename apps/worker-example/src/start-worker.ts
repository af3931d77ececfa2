// Bundles the Worker as wrangler would (esbuild, the `workerd` condition, the `.wasm` imports kept as modules) and
// serves it with workerd from the `workerd` package, offline, on a free port of 127.0.0.1.
import { spawn } from "node:child_process";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type PluginBuild } from "esbuild";

const require = createRequire(import.meta.url);
const WASM = ["quickjs.wasm", "typescript-stripper.wasm"];

/** A running workerd serving the Worker. */
export interface RunningWorker {
  url: string;
  stop(): Promise<void>;
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

function config(port: number): string {
  const modules = [
    `(name = "worker.js", esModule = embed "worker.js")`,
    ...WASM.map((name) => `(name = "${name}", wasm = embed "${name}")`),
  ];
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

// Wrangler's default rule: an import whose path ends in .wasm is a WebAssembly module of the Worker, listed beside it.
const wasmModules = {
  name: "wasm-modules",
  setup(builder: PluginBuild) {
    builder.onResolve({ filter: /\.wasm$/ }, ({ path }) => ({ path: `./${basename(path)}`, external: true }));
  },
};

/** Builds the Worker and starts workerd; resolves once it answers. */
export async function startWorker(): Promise<RunningWorker> {
  const dir = await mkdtemp(join(tmpdir(), "codemode-worker-"));
  await build({
    entryPoints: [fileURLToPath(new URL("./worker.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    plugins: [wasmModules],
    outfile: join(dir, "worker.js"),
    logLevel: "silent",
  });
  const core = dirname(require.resolve("@codemode/core/package.json"));
  await Promise.all(WASM.map((name) => copyFile(join(core, "dist", name), join(dir, name))));
  const port = await freePort();
  await writeFile(join(dir, "config.capnp"), config(port));
  const child = spawn(process.execPath, [require.resolve("workerd/bin/workerd"), "serve", join(dir, "config.capnp"), "--experimental"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill();
      await new Promise((resolve) => child.once("exit", resolve));
    }
    await rm(dir, { recursive: true, force: true });
  };
  for (const started = Date.now(); Date.now() - started < 20_000; ) {
    if (child.exitCode !== null) break;
    const answered = await fetch(url).then(() => true, () => false);
    if (answered) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`workerd did not start: ${output.trim().slice(-2000)}`);
}

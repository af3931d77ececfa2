// `pnpm --filter @codemode/bench bench runtimes`: warm `return 1`, 100 sequential calls and a 1e6-step loop beside
// the raw QuickJS floor, measured inside each runtime in the same run (Node.js with both engines, Bun, Deno, Chromium
// with both engines, workerd), and the cold start of Node.js, Bun and Deno in fresh processes.
import { access, constants, copyFile, cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleWorker, serveFolder, serveWorkerd } from "@codemode/runtime-harness";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { runChild } from "../harness/run-child.js";
import { summarize, type Summary } from "../stats/summarize.js";
import type { RuntimeFigures } from "./measure-runtime.js";

const require = createRequire(import.meta.url);
const BENCH_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CORE_DIST = join(dirname(require.resolve("@codemode/core/package.json")), "dist");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const COLD_ROUNDS = 5;

/** One runtime's figures, or why it could not be measured here. */
export type RuntimeResult = { runtime: string; engine: string } & ({ figures: RuntimeFigures; cold?: { floor: Summary; engine: Summary } } | { skipped: string });

/** Everything `bench runtimes` measured (bench/results/runtimes.json). */
export interface RuntimesReport {
  results: RuntimeResult[];
}

/**
 * Measures every runtime it can start here (or those `only` names: node, bun, deno, chromium, workerd); one it
 * cannot start, or that fails, is reported as skipped, with why.
 */
export async function runRuntimesBench(log: (line: string) => void, only: readonly string[] = []): Promise<RuntimesReport> {
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const work = await mkdtemp(join(tmpdir(), "codemode-runtimes-bench-"));
  const results: RuntimeResult[] = [];
  try {
    const processEntry = join(BENCH_ROOT, ".runtimes", "process-entry.mjs");
    await bundle("process-entry.ts", processEntry, { platform: "node", external: ["@codemode/core"] });
    const quickjs = join(CORE_DIST, "quickjs.wasm");
    const runtimes = [
      { name: "node", runtime: "Node.js", command: process.execPath, args: [] as string[] },
      { name: "bun", runtime: "Bun", command: require.resolve("bun/bin/bun.exe"), args: [] },
      { name: "deno", runtime: "Deno", command: process.execPath, args: [require.resolve("deno/bin.cjs"), "run", "--allow-read", "--allow-env"] },
    ];
    for (const { runtime, command, args } of runtimes.filter((entry) => wanted(entry.name))) {
      for (const engine of ["workers", "in-process"] as const) {
        log(`runtimes: ${runtime}, ${engine}`);
        results.push(
          await attempt({ runtime, engine }, async () => {
            const { value } = await runChild<RuntimeFigures & { runtime: string }>(processEntry, [engine, quickjs], { cwd: BENCH_ROOT, node: command, nodeArgs: args, timeoutMs: 600_000 });
            const { runtime: version, ...figures } = value;
            return { runtime: version, engine, figures, cold: await measureCold(command, args, engine) };
          }),
        );
      }
    }
    if (wanted("chromium")) {
      const measured = await attempt({ runtime: "Chromium", engine: "both" }, async () => measureChromium(work, log));
      results.push(...(Array.isArray(measured) ? measured : [measured]));
    }
    if (wanted("workerd")) results.push(await attempt({ runtime: "workerd (local)", engine: "in-process" }, () => measureWorkerd(work, log)));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return { results };
}

/** A runtime's measurement, or what stopped it: one runtime that fails leaves the others' figures. */
async function attempt<T>(what: { runtime: string; engine: string }, measure: () => Promise<T>): Promise<T | RuntimeResult> {
  try {
    return await measure();
  } catch (error) {
    return { ...what, skipped: `failed: ${String(error instanceof Error ? error.message : error).slice(0, 300)}` };
  }
}

/** Cold start (import, create, first run) in fresh processes of the runtime, floor and engine alternating. */
async function measureCold(command: string, args: string[], engine: "workers" | "in-process") {
  const samples = { floor: [] as number[], engine: [] as number[] };
  for (let round = 0; round < COLD_ROUNDS; round++) {
    for (const mode of round % 2 === 0 ? (["floor", engine] as const) : ([engine, "floor"] as const)) {
      const { value } = await runChild<{ totalMs: number }>("src/engine/children/cold-start.mjs", [mode], { cwd: BENCH_ROOT, node: command, nodeArgs: args });
      samples[mode === "floor" ? "floor" : "engine"].push(value.totalMs);
    }
  }
  return { floor: summarize(samples.floor), engine: summarize(samples.engine) };
}

async function measureChromium(work: string, log: (line: string) => void): Promise<RuntimeResult[]> {
  const runtime = "Chromium";
  if (!(await exists(CHROMIUM))) return ["workers", "in-process"].map((engine) => ({ runtime, engine, skipped: `no browser at ${CHROMIUM} (Debian: apt-get install chromium)` }));
  log("runtimes: Chromium, both engines");
  // The page bundles the core's browser build as an app would; it sits where that build does (web/), so the build's
  // `new URL("../quickjs.wasm")` and its Web Worker (`./sandbox-web-worker.js`, copied with its chunks) are found.
  const root = join(work, "page");
  await cp(join(CORE_DIST, "web"), join(root, "web"), { recursive: true });
  await Promise.all(["quickjs.wasm", "typescript-stripper.wasm"].map((name) => copyFile(join(CORE_DIST, name), join(root, name))));
  await bundle("page-entry.ts", join(root, "web", "page.js"), { platform: "browser", external: [] });
  await writeFile(join(root, "index.html"), `<!doctype html><script type="module" src="/web/page.js"></script>`);
  // Cross-origin isolated: the Web Workers get their flags in shared memory, as a page that can should serve them.
  const served = await serveFolder(root, true);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    await page.goto(served.url);
    await page.waitForFunction(() => "benchResult" in globalThis || "benchError" in globalThis, undefined, { timeout: 600_000 });
    const { benchResult, benchError } = await page.evaluate(() => {
      const scope = globalThis as unknown as { benchResult?: Record<string, RuntimeFigures>; benchError?: string };
      return { benchResult: scope.benchResult, benchError: scope.benchError };
    });
    if (benchError || !benchResult) throw new Error(`Chromium: ${benchError}`);
    const version = browser.version();
    return Object.entries(benchResult).map(([engine, figures]) => ({ runtime: `Chromium ${version}`, engine, figures }));
  } finally {
    await browser.close();
    await served.close();
  }
}

async function measureWorkerd(work: string, log: (line: string) => void): Promise<RuntimeResult> {
  log("runtimes: workerd, in-process");
  const dir = join(work, "workerd");
  await mkdir(dir);
  const worker = await serveWorkerd(dir, await bundleWorker(fileURLToPath(new URL("./worker-entry.ts", import.meta.url)), dir));
  try {
    const response = await fetch(worker.url, { signal: AbortSignal.timeout(600_000) });
    const figures = (await response.json()) as RuntimeFigures & { error?: string };
    if (figures.error) throw new Error(`workerd: ${figures.error}`);
    return { runtime: "workerd (local)", engine: "in-process", figures };
  } finally {
    await worker.stop();
  }
}

/** Bundles an entry of this folder, the core left to the runtime to resolve (its build for that runtime). */
async function bundle(entry: string, outfile: string, options: { platform: "node" | "browser"; external: string[] }): Promise<void> {
  await build({
    entryPoints: [fileURLToPath(new URL(`./${entry}`, import.meta.url))],
    bundle: true,
    format: "esm",
    platform: options.platform,
    external: options.external,
    outfile,
    logLevel: "silent",
    // Node.js's require for the floor's glue when it is bundled into an ES module.
    ...(options.platform === "node" ? { banner: { js: 'import { createRequire as __require } from "node:module"; const require = __require(import.meta.url);' } } : {}),
  });
}

async function exists(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(() => true, () => false);
}

#!/usr/bin/env node
// @codemode/core on Deno the way a Deno user imports it: `npm:@codemode/core` from a script in a folder with no
// package.json, so Deno keeps the package in its own npm cache and makes no node_modules folder. The packed core is
// served by a small registry in this process (the package is not on the public registry; every other package is
// passed through from registry.npmjs.org), which Deno reads from NPM_CONFIG_REGISTRY. Three runs, each on both
// engines: no permission at all with the check off; the least permissions the TypeScript checker needs with the
// default check; and no permission with the default check, which runs the script and says why it went unchecked.
// Prints a vitest-style "Tests" line, which .ci/count-tests.mjs sums. Run after `pnpm build`.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "codemode-deno-npm-"));
const RUN_TIMEOUT_MS = 5 * 60_000; // safety stops for a hung run, not a measure of speed
const TOTAL_TIMEOUT_MS = 15 * 60_000;
// The workspace's Deno, the catalog's version from the npm `deno` package (apps/deno-example depends on it).
const DENO = createRequire(join(root, "apps/deno-example/package.json")).resolve("deno/bin.cjs");

const SCRIPT = (version) => `import { createCodeMode, defineTool } from "npm:@codemode/core@${version}";

const check = Deno.args[0] as "off" | "refuse";
const results: Record<string, unknown> = {};
for (const engine of ["workers", "in-process"] as const) {
  const codeMode = createCodeMode({
    engine,
    check,
    limits: { timeoutMs: 5_000 },
    tools: [
      defineTool({
        name: "math.add",
        description: "Adds two numbers.",
        inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
        execute: async ({ a, b }: { a: number; b: number }) => a + b,
      }),
    ],
  });
  const sum = await codeMode.execute("const a: number = 2; const sum = await tools.math.add({ a, b: 3 }); return sum.data;");
  const misspelt = await codeMode.execute("return await tools.math.ad({ a: 1, b: 2 });");
  const runaway = await codeMode.execute("while (true) {}");
  results[engine] = {
    sum: { status: sum.status, result: sum.result, calls: sum.toolCalls.length, diagnostics: sum.diagnostics.map((entry) => entry.code) },
    misspelt: { status: misspelt.status, error: misspelt.error?.kind ?? null, diagnostics: misspelt.diagnostics.map((entry) => entry.code) },
    runaway: runaway.error?.kind ?? null,
    // An unchecked run says which permissions the checker lacked.
    namesPermissions: sum.diagnostics.some((entry) => entry.message.includes("--allow-run of the compiler's binary")),
  };
  await codeMode.close();
}
console.log(JSON.stringify(results));
`;

/** A registry for the packed tarballs; anything else is fetched from registry.npmjs.org and passed on. */
async function startRegistry(tarballs) {
  const own = new Map();
  for (const file of tarballs) {
    const manifest = JSON.parse(execFileSync("tar", ["-xzOf", file, "package/package.json"], { encoding: "utf8" }));
    own.set(manifest.name, { manifest, bytes: readFileSync(file) });
  }
  const server = createServer(async (request, response) => {
    try {
      const path = decodeURIComponent(new URL(request.url, "http://registry").pathname.slice(1));
      const tarball = path.startsWith("-/tarball/") ? own.get(path.slice("-/tarball/".length)) : undefined;
      if (tarball) return void response.writeHead(200, { "content-type": "application/octet-stream" }).end(tarball.bytes);
      const entry = own.get(path);
      if (entry) {
        const { manifest, bytes } = entry;
        const dist = {
          tarball: `http://${request.headers.host}/-/tarball/${manifest.name}`,
          shasum: createHash("sha1").update(bytes).digest("hex"),
          integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
        };
        const packument = { name: manifest.name, "dist-tags": { latest: manifest.version }, versions: { [manifest.version]: { ...manifest, dist } } };
        return void response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(packument));
      }
      const upstream = await fetch(`https://registry.npmjs.org${request.url}`, { headers: { accept: request.headers.accept ?? "application/json" } });
      response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/octet-stream" });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    } catch (error) {
      response.writeHead(502, { "content-type": "text/plain" }).end(String(error));
    }
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((done) => server.close(done)) };
}

/** Runs the Deno CLI (asynchronously: the registry answers from this process), stopped at the safety timeout. */
function deno(args, options) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [DENO, ...args], options);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code: code ?? 1, output: output.replace(/\u001b\[[0-9;]*m/g, "") });
    });
  });
}

/** The platform package's compiler binary the checker starts, in Deno's npm cache. */
function findCompiler(npmCache) {
  const found = [];
  const walk = (dir, depth) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth < 6) walk(path, depth + 1);
      else if (entry.name === "tsc" && /@typescript[/\\]typescript-[^/\\]+[/\\][^/\\]+[/\\]lib$/.test(dir)) found.push(path);
    }
  };
  walk(npmCache, 0);
  if (found.length !== 1) throw new Error(`expected one TypeScript compiler binary in ${npmCache}, found ${found.length}`);
  return found[0];
}

let passed = 0;
let failed = 0;
function expect(name, actual, expected) {
  const ok = JSON.stringify(actual) === JSON.stringify(expected);
  console.log(`${ok ? "✓" : "✗"} ${name}${ok ? "" : `\n    expected ${JSON.stringify(expected)}\n    got      ${JSON.stringify(actual)}`}`);
  if (ok) passed++;
  else failed++;
}

const safety = setTimeout(() => {
  console.log(`::: stopped after ${TOTAL_TIMEOUT_MS} ms`);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
let registry;
try {
  const core = join(root, "packages/core");
  if (!existsSync(join(core, "dist"))) throw new Error("packages/core/dist is missing: build first (pnpm build).");
  const packed = join(work, "packed");
  execFileSync("npx", ["-y", "pnpm@12.4.2", "pack", "--pack-destination", packed], { cwd: core, stdio: "pipe" });
  const tarball = join(packed, readdirSync(packed).find((name) => name.endsWith(".tgz")));
  const { version } = JSON.parse(readFileSync(join(core, "package.json"), "utf8"));
  registry = await startRegistry([tarball]);

  // The script's folder has nothing but the script (and the temp folders above it no package.json or deno.json).
  const project = join(work, "project");
  mkdirSync(project);
  writeFileSync(join(project, "main.ts"), SCRIPT(version));
  const denoDir = join(work, "deno-dir");
  const env = { ...process.env, NPM_CONFIG_REGISTRY: registry.url, DENO_DIR: denoDir, NO_COLOR: "1" };
  const options = { cwd: project, env };
  const cached = await deno(["cache", "main.ts"], options);
  if (cached.code !== 0) throw new Error(`deno cache failed:\n${cached.output}`);
  const npmCache = join(denoDir, "npm");
  const compiler = findCompiler(npmCache);
  // <registry>/@typescript/typescript-<platform>-<arch>/<version>/lib/tsc, beside <registry>/typescript/<version>.
  const compilerPackage = dirname(dirname(compiler));
  const typescriptManifest = join(dirname(dirname(dirname(compilerPackage))), "typescript", basename(compilerPackage), "package.json");
  if (!existsSync(typescriptManifest)) throw new Error(`no ${typescriptManifest} beside ${compiler}`);

  const runs = [
    { name: "no permission, check off", check: "off", permissions: [] },
    // The checker (TypeScript 7's native compiler) is a process: typescript-go reads its package.json, passes on the
    // whole environment and checks the binary before it starts it. The core itself needs none of these. (Granting
    // read of the whole npm cache is the simpler equivalent the docs give.)
    {
      name: "the checker's permissions, default check",
      check: "refuse",
      permissions: ["--allow-env", `--allow-read=${typescriptManifest},${compiler}`, `--allow-run=${compiler}`],
    },
    { name: "no permission, default check", check: "refuse", permissions: [] },
  ];
  for (const run of runs) {
    const args = ["run", "--no-prompt", ...run.permissions, "main.ts", run.check];
    console.log(`::: ${run.name}: deno ${args.join(" ")}`);
    const outcome = await deno(args, options);
    const line = outcome.output.trim().split("\n").pop() ?? "";
    let results;
    try {
      results = JSON.parse(line);
    } catch {
      console.log(outcome.output.slice(-20_000));
      results = {};
    }
    for (const engine of ["workers", "in-process"]) {
      const result = results[engine];
      const checked = run.check === "refuse" && run.permissions.length > 0;
      const unchecked = run.check === "refuse" && run.permissions.length === 0 ? ["check_unavailable"] : [];
      expect(`${run.name}, ${engine}: the script calls its tool`, result?.sum, { status: "completed", result: 5, calls: 1, diagnostics: unchecked });
      expect(
        `${run.name}, ${engine}: a misspelt tool ${checked ? "refused by the check" : "reaches the sandbox"}`,
        result?.misspelt,
        checked ? { status: "failed", error: "CheckFailed", diagnostics: ["unknown_tool"] } : { status: "completed", error: null, diagnostics: unchecked },
      );
      expect(`${run.name}, ${engine}: while (true) {} stopped at its deadline`, result?.runaway, "TimeoutExceeded");
      if (unchecked.length) expect(`${run.name}, ${engine}: the unchecked run names the permissions`, result?.namesPermissions, true);
    }
  }
  expect("no node_modules folder beside the script", readdirSync(project), ["main.ts"]);
  expect("@codemode/core came from Deno's npm cache", JSON.stringify(readdirSync(npmCache, { recursive: true })).includes("@codemode"), true);
} catch (error) {
  console.log(String(error instanceof Error ? error.stack : error));
  failed++;
} finally {
  await registry?.close();
  clearTimeout(safety);
  if (process.env.KEEP_DENO_NPM_DIR !== "1") rmSync(work, { recursive: true, force: true });
}
console.log(` Tests  ${failed ? `${failed} failed | ` : ""}${passed} passed (${passed + failed})`);
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// @codemode/core on Bun and on Deno, as users get it: packed, installed with npm into a fresh project beside vitest
// and both runtimes (from their npm packages, the catalog's versions), then the conformance suite and the adversarial
// suite from @codemode/core/testing run inside each runtime (vitest runs its test files on the runtime that starts
// it). Prints vitest's own "Tests" lines, which .ci/count-tests.mjs sums. Run after `pnpm build`.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "codemode-runtimes-"));
const RUN_TIMEOUT_MS = 15 * 60_000; // a safety stop for a hung runtime, not a measure of speed

function catalog() {
  const text = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
  const block = /^catalog:\n((?:[ \t]+.*\n?)*)/m.exec(text)?.[1] ?? "";
  return Object.fromEntries([...block.matchAll(/^\s+"?([^":#]+)"?:\s*(\S+)/gm)].map(([, name, version]) => [name, version]));
}

const TEST = `import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCodeMode } from "@codemode/core";
import { ADVERSARIAL_ALLOW, ADVERSARIAL_CASES, ADVERSARIAL_WORKSPACE, createAdversaryTools, describeAdapterConformance, describeAdversarialSuite } from "@codemode/core/testing";

const runtime = globalThis.Bun ? "Bun " + Bun.version : globalThis.Deno ? "Deno " + Deno.version.deno : "Node.js " + process.version;

for (const engine of ["workers", "in-process"]) {
  describeAdapterConformance(\`@codemode/core on \${runtime}, \${engine}\`, (specs, { limits }) => {
    const codeMode = createCodeMode({
      engine,
      limits,
      tools: specs.map((spec) => ({ name: \`\${spec.namespace}.\${spec.name}\`, description: spec.description, inputSchema: spec.inputSchema, execute: (args, { signal }) => spec.execute(args, { signal }) })),
    });
    return { run: async (code, { signal } = {}) => { const result = await codeMode.execute(code, { signal }); return { result, modelOutput: JSON.stringify(result) }; }, close: () => codeMode.close() };
  });
}
// Each principal in a workspace folder of its own, the adversary within ADVERSARIAL_ALLOW (the tenant cases).
const harness = (options) => async (limits) => {
  const dir = await mkdtemp(join(tmpdir(), "codemode-adversarial-"));
  const codeMode = createCodeMode({ ...options, tools: createAdversaryTools(), limits, workspace: { dir, ...ADVERSARIAL_WORKSPACE }, check: "off" });
  return {
    execute: (code, principal = "adversary") => codeMode.execute(code, principal === "adversary" ? { owner: principal, allow: ADVERSARIAL_ALLOW } : { owner: principal }),
    close: async () => { await codeMode.close(); await rm(dir, { recursive: true, force: true }); },
  };
};
describeAdversarialSuite(\`@codemode/core on \${runtime}, workers\`, harness({ poolSize: 2 }));
// On the host's own thread nothing stops a built-in call that never polls: those cases need a worker (docs/isolation.md).
describeAdversarialSuite(\`@codemode/core on \${runtime}, in-process\`, harness({ engine: "in-process" }), {
  cases: ADVERSARIAL_CASES.filter((entry) => !entry.hardStop),
});
`;

function sh(command, args, options = {}) {
  const outcome = spawnSync(command, args, { encoding: "utf8", timeout: RUN_TIMEOUT_MS, ...options });
  return { code: outcome.status ?? 1, output: `${outcome.stdout ?? ""}${outcome.stderr ?? ""}${outcome.error ? String(outcome.error) : ""}` };
}

let failed = false;
try {
  const core = join(root, "packages/core");
  if (!existsSync(join(core, "dist"))) throw new Error("packages/core/dist is missing: build first (pnpm build).");
  execFileSync("npx", ["-y", "pnpm@12.4.2", "pack", "--pack-destination", work], { cwd: core, stdio: "pipe" });
  const versions = catalog();
  const project = join(work, "project");
  mkdirSync(project);
  const manifest = {
    name: "codemode-runtimes",
    private: true,
    type: "module",
    dependencies: { "@codemode/core": `file:${join(work, "codemode-core-0.0.0.tgz")}`, vitest: versions.vitest, vite: versions.vite, bun: versions.bun, deno: versions.deno },
  };
  writeFileSync(join(project, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(project, "runtime.test.js"), TEST);
  writeFileSync(join(project, "vitest.config.js"), `export default { test: { include: ["runtime.test.js"], testTimeout: 60_000, hookTimeout: 60_000 } };\n`);
  const installed = sh("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: project });
  if (installed.code !== 0) throw new Error(`npm install failed:\n${installed.output}`);
  const vitest = join(project, "node_modules/vitest/vitest.mjs");
  const bin = (name) => join(project, "node_modules/.bin", name);
  const runs = [
    { name: "Bun", command: bin("bun"), args: ["--bun", vitest, "run"] },
    // vitest itself reads, writes and starts processes; the core alone needs no permission (apps/deno-example).
    { name: "Deno", command: bin("deno"), args: ["run", "--allow-all", vitest, "run"] },
  ];
  for (const run of runs) {
    console.log(`::: ${run.name}: ${[run.command, ...run.args].join(" ")}`);
    const outcome = sh(run.command, run.args, { cwd: project, env: { ...process.env, CI: "true", DENO_DIR: join(work, "deno-cache") } });
    // The summary lines; the whole output only when the run failed.
    const text = outcome.output.replace(/\u001b\[[0-9;]*m/g, "");
    console.log(outcome.code === 0 ? text.split("\n").filter((line) => /Test Files|Tests\s{2,}|Duration/.test(line)).join("\n") : text.slice(-20_000));
    if (outcome.code !== 0) {
      console.log(`::: ${run.name} exited with ${outcome.code}`);
      failed = true;
    }
  }
} catch (error) {
  console.log(String(error instanceof Error ? error.stack : error));
  failed = true;
} finally {
  if (process.env.KEEP_RUNTIMES_DIR !== "1") rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

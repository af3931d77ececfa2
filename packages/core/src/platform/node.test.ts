import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const FIXTURE = fileURLToPath(new URL("./__fixtures__/first-run-built-ins.mjs", import.meta.url));
// The build, not the source: the source runs only under a loader, which loads these built-ins itself. The README's
// test command and CI build before they test.
const BUILT_CORE = new URL("../../dist/index.js", import.meta.url);

describe("the Node.js platform", () => {
  // Each of these costs a cold start milliseconds (streams, readline, REPL history, Web Crypto); an in-process run
  // without a workspace needs none of them (src/portable/node-builtin.ts).
  it("loads no worker threads, file streams, os module or Web Crypto to import the core and run once in process", async () => {
    if (!existsSync(BUILT_CORE)) throw new Error("This test reads the built core: run `pnpm --filter @codemode/core build` first.");
    // A fresh process: which built-ins a module loads is known only once per process.
    const { stdout } = await promisify(execFile)(process.execPath, [FIXTURE, BUILT_CORE.href]);
    const { result, loaded } = JSON.parse(stdout) as { result: unknown; loaded: string[] };
    expect(result).toBe(1);
    const heavy = loaded.filter((name) => /^(worker_threads|os|fs\/promises|stream|readline|internal\/(fs\/streams|streams\/|crypto\/))/.test(name));
    expect(heavy).toEqual([]);
  });
});

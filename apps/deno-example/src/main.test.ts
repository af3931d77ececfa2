import { execFile } from "node:child_process";
import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const DENO = require.resolve("deno/bin.cjs");
// Deno lets a package read its own files inside node_modules (or its npm cache); here the workspace links
// @codemode/core from packages/core, outside node_modules, so its dist folder is granted, read-only, and nothing else.
const CORE_DIST = join(dirname(realpathSync(require.resolve("@codemode/core/package.json"))), "dist");

describe("the Deno script", () => {
  it("answers with only its own files readable: the cheapest flight with seats, and a runaway script stopped", async () => {
    // Prompts off: a permission the core needed would fail the run rather than ask.
    const args = ["run", "--no-prompt", `--allow-read=${CORE_DIST}`, fileURLToPath(new URL("./main.ts", import.meta.url))];
    const { stdout } = await promisify(execFile)(process.execPath, [DENO, ...args], {
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      timeout: 60_000,
    });
    expect(JSON.parse(stdout.trim().split("\n").pop()!)).toEqual({ answer: "LX-318", status: "completed", calls: 3, runaway: "TimeoutExceeded" });
  }, 90_000);
});

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const FIXTURE = fileURLToPath(new URL("./__fixtures__/abort-teardown.ts", import.meta.url));

/** Runs the fixture in a process of its own, so that what the engine would print reaches a real stderr. */
function runFixture(): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", FIXTURE], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, stderr, code }));
  });
}

describe("createGuestEngine", () => {
  it("keeps the abort QuickJS prints when a teardown fails off stderr, and the run still reports its error", async () => {
    const { stdout, stderr, code } = await runFixture();
    expect(code).toBe(0);
    const reported = JSON.parse(stdout) as { usable: boolean; error: string; printed: string[] };
    expect(reported.error).toBe("MemoryLimitExceeded");
    expect(reported.usable).toBe(false);
    // The teardown did abort: the engine kept the line emscripten would have written to stderr.
    expect(reported.printed.join("\n")).toMatch(/Aborted\(Assertion failed: list_empty\(&rt->gc_obj_list\)/);
    expect(stderr).not.toMatch(/Aborted|Assertion failed/);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import type { createCodeMode as CreateCodeMode } from "./create-code-mode.js";

// Threads of this process (Linux): a worker thread that outlives close() keeps this count up.
const threadCount = (): number => Number(/^Threads:\s+(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);

// A fresh copy of the module graph, so the engine's WebAssembly is compiled again and close() can land while it is.
async function freshCreateCodeMode(): Promise<typeof CreateCodeMode> {
  vi.resetModules();
  return (await import("./create-code-mode.js")).createCodeMode;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createCodeMode", () => {
  // eslint-disable-next-line codemode/no-skipped-tests -- it counts threads in /proc/self/status, which only Linux has
  it.runIf(process.platform === "linux")(
    "closes safely at any moment of a worker's start, with or without a run, leaving no thread behind",
    async () => {
      const warm = (await freshCreateCodeMode())({ poolSize: 2 });
      await warm.execute("return 1");
      await warm.close();
      const threadsBefore = threadCount();
      // Delays cover the module's compilation, the worker's start and a run; a few are long enough for all three.
      const delays = [0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 13, 17, 25, 40, 70, 120, 250, 500];
      for (const [index, delay] of delays.entries()) {
        const codeMode = (await freshCreateCodeMode())({ poolSize: 2 });
        const run = index % 2 === 1 ? codeMode.execute("return [1, 2].map((n) => n * 2)") : null;
        if (delay > 0) await sleep(delay);
        await codeMode.close();
        const result = await run;
        // A run ends either way: finished before close(), or cancelled by it.
        if (result) expect(["completed:[2,4]", "failed:Cancelled"]).toContain(`${result.status}:${result.status === "completed" ? JSON.stringify(result.result) : result.error?.kind}`);
      }
      // Let any compilation still in flight settle, so a late failure shows up inside this test.
      await sleep(100);
      expect(threadCount()).toBeLessThanOrEqual(threadsBefore);
    },
    60_000,
  );
});

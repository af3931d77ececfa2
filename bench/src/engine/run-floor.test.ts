import { describe, expect, it } from "vitest";
import { BENCH_TOOLS } from "./bench-tools.js";
import { loadFloorModule, runFloor } from "./run-floor.js";
import { checkAnswer, WORKLOADS } from "./workloads.js";

describe("runFloor", () => {
  it("gives the right answer to every workload", async () => {
    const module = await loadFloorModule();
    for (const workload of WORKLOADS) {
      expect(() => checkAnswer("floor", workload, undefined)).toThrow(/wrong answer/);
      checkAnswer("floor", workload, await runFloor(module, workload.code, BENCH_TOOLS));
    }
  });

  it("keeps host calls made together in flight together", async () => {
    const module = await loadFloorModule();
    let inFlight = 0;
    let most = 0;
    const tools = {
      "bench.wait": async (args: { i: number }) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight--;
        return { i: args.i };
      },
    };
    const code = "const r = await Promise.all([1, 2, 3].map((i) => tools.bench.wait({ i }))); return r.map((x) => x.data.i);";
    expect(await runFloor(module, code, tools)).toEqual([1, 2, 3]);
    expect(most).toBe(3);
  });

  it("rejects when the script throws and when it can never settle", async () => {
    const module = await loadFloorModule();
    await expect(runFloor(module, "throw new Error('boom');", BENCH_TOOLS)).rejects.toThrow(/boom/);
    await expect(runFloor(module, "await new Promise(() => {});", BENCH_TOOLS)).rejects.toThrow(/never settle/);
  });
});

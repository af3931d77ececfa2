import { describe, expect, it } from "vitest";
import { compareInterleaved } from "./compare-interleaved.js";

describe("compareInterleaved", () => {
  it("runs every contender once per round after the warm-up and rotates who goes first", async () => {
    const order: string[] = [];
    const contender = (name: string) => ({ name, run: async () => void order.push(name) });
    const samples = await compareInterleaved([contender("floor"), contender("engine")], {
      warmup: 1,
      minIterations: 2,
      maxIterations: 2,
      budgetMs: 10_000,
    });
    expect(order).toEqual(["floor", "engine", "floor", "engine", "engine", "floor"]);
    expect(samples.floor).toHaveLength(2);
    expect(samples.engine).toHaveLength(2);
  });

  it("stops at the budget once the minimum is done", async () => {
    const slow = { name: "slow", run: () => new Promise<void>((resolve) => setTimeout(resolve, 5)) };
    const samples = await compareInterleaved([slow], { warmup: 0, minIterations: 3, maxIterations: 1000, budgetMs: 1 });
    expect(samples.slow!.length).toBeGreaterThanOrEqual(3);
    expect(samples.slow!.length).toBeLessThan(1000);
  });

  it("checks every answer, warm-ups included, and lets a wrong one fail the comparison", async () => {
    const checked: unknown[] = [];
    const right = { name: "right", run: async () => 1, check: (answer: unknown) => void checked.push(answer) };
    await compareInterleaved([right], { warmup: 1, minIterations: 2, maxIterations: 2, budgetMs: 10_000 });
    expect(checked).toEqual([1, 1, 1]);
    const wrong = {
      name: "wrong",
      run: async () => 2,
      check: (answer: unknown) => {
        if (answer !== 1) throw new Error(`expected 1, got ${String(answer)}`);
      },
    };
    await expect(compareInterleaved([wrong], { warmup: 0, minIterations: 1, maxIterations: 1, budgetMs: 1 })).rejects.toThrow(
      "expected 1, got 2",
    );
  });
});

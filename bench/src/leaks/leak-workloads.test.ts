import { describe, expect, it } from "vitest";
import { leakRun, steadyRuns } from "./leak-workloads.js";

describe("leakRun", () => {
  it("keeps the runs that replace workers out of the steady nine tenths", () => {
    const total = 10_000;
    const rare = new Set(["timeout", "cancelled", "out-of-memory", "worker-killed"]);
    const kinds = Array.from({ length: total }, (_, index) => leakRun(index, total).kind);
    expect(kinds.slice(0, steadyRuns(total)).some((kind) => rare.has(kind))).toBe(false);
    const late = kinds.slice(steadyRuns(total));
    for (const kind of rare) expect(late.filter((each) => each === kind)).toHaveLength(10);
  });

  it("cancels only the runs meant to be cancelled", () => {
    const total = 1_000;
    const cancelled = Array.from({ length: total }, (_, index) => leakRun(index, total)).filter((run) => run.cancelAfterMs !== undefined);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((run) => run.kind === "cancelled")).toBe(true);
  });
});

import { isCodeModeError } from "@codemode/core";
import { describe, expect, it } from "vitest";
import { createQuotas } from "./create-quotas.js";

/** The error `admit` throws, or undefined when it admits. */
function refusalOf(admit: () => unknown) {
  try {
    admit();
    return undefined;
  } catch (error) {
    if (!isCodeModeError(error)) throw error;
    return { code: error.code, retryable: error.retryable, message: error.message, ...error.details };
  }
}

describe("createQuotas", () => {
  it("refuses a principal past its concurrent executions until one is released, without touching others", () => {
    const quotas = createQuotas({ maxConcurrentExecutions: 2 }, { poolSize: 4 });
    const first = quotas.admit("ana");
    quotas.admit("ana");
    expect(refusalOf(() => quotas.admit("ana"))).toMatchObject({
      code: "LIMIT_EXCEEDED",
      retryable: true,
      quota: "maxConcurrentExecutions",
      limit: 2,
      message: expect.stringContaining("ana has 2 executions running (quotas.maxConcurrentExecutions is 2)"),
    });
    expect(refusalOf(() => quotas.admit("bob"))).toBeUndefined();
    first.release();
    first.release();
    expect(refusalOf(() => quotas.admit("ana"))).toBeUndefined();
    expect(refusalOf(() => quotas.admit("ana"))).toMatchObject({ quota: "maxConcurrentExecutions" });
  });

  it("counts starts over the last sixty seconds and says when the oldest one leaves the window", () => {
    let now = 1_000_000;
    const quotas = createQuotas({ maxExecutionsPerMinute: 2 }, { poolSize: 4, now: () => now });
    quotas.admit("ana").release();
    now += 20_000;
    quotas.admit("ana").release();
    now += 10_000;
    expect(refusalOf(() => quotas.admit("ana"))).toMatchObject({ quota: "maxExecutionsPerMinute", limit: 2, retryAfterMs: 30_000 });
    now += 30_000;
    expect(refusalOf(() => quotas.admit("ana"))).toBeUndefined();
  });

  it("takes a named principal's own quotas over the defaults", () => {
    const quotas = createQuotas({ maxConcurrentExecutions: 1, principals: { batch: { maxConcurrentExecutions: 3 } } }, { poolSize: 8 });
    for (let run = 0; run < 3; run++) quotas.admit("batch");
    expect(refusalOf(() => quotas.admit("batch"))).toMatchObject({ limit: 3 });
    quotas.admit("ana");
    expect(refusalOf(() => quotas.admit("ana"))).toMatchObject({ limit: 1 });
  });

  it("caps executions waiting for a worker across every principal, 256 past the pool by default", () => {
    const capped = createQuotas({ maxQueuedExecutions: 1 }, { poolSize: 2 });
    for (const name of ["a", "b", "c"]) capped.admit(name);
    expect(refusalOf(() => capped.admit("d"))).toMatchObject({ quota: "maxQueuedExecutions", limit: 1, message: expect.stringContaining("1 executions are waiting") });
    const defaults = createQuotas(undefined, { poolSize: 2 });
    for (let run = 0; run < 258; run++) defaults.admit(`p${run}`);
    expect(defaults.inFlight).toBe(258);
    expect(refusalOf(() => defaults.admit("late"))).toMatchObject({ quota: "maxQueuedExecutions", limit: 256 });
  });
});

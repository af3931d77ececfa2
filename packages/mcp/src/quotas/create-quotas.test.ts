import { isCodeModeError } from "@codemode/core";
import { describe, expect, it } from "vitest";
import { createQuotas } from "./create-quotas.js";

/** The error `admit` rejects with, or undefined when it admits. */
async function refusalOf(admit: () => Promise<unknown>) {
  try {
    await admit();
    return undefined;
  } catch (error) {
    if (!isCodeModeError(error)) throw error;
    return { code: error.code, retryable: error.retryable, message: error.message, ...error.details };
  }
}

describe("createQuotas", async () => {
  it("refuses a principal past its concurrent executions until one is released, without touching others", async () => {
    const quotas = createQuotas({ maxConcurrentExecutions: 2 }, { poolSize: 4 });
    const first = await quotas.admit("ana");
    await quotas.admit("ana");
    expect(await refusalOf(() => quotas.admit("ana"))).toMatchObject({
      code: "LIMIT_EXCEEDED",
      retryable: true,
      quota: "maxConcurrentExecutions",
      limit: 2,
      message: expect.stringContaining("ana has 2 executions running (quotas.maxConcurrentExecutions is 2)"),
    });
    expect(await refusalOf(() => quotas.admit("bob"))).toBeUndefined();
    first.release();
    first.release();
    expect(await refusalOf(() => quotas.admit("ana"))).toBeUndefined();
    expect(await refusalOf(() => quotas.admit("ana"))).toMatchObject({ quota: "maxConcurrentExecutions" });
  });

  it("counts starts over the last sixty seconds and says when the oldest one leaves the window", async () => {
    let now = 1_000_000;
    const quotas = createQuotas({ maxExecutionsPerMinute: 2 }, { poolSize: 4, now: () => now });
    (await quotas.admit("ana")).release();
    now += 20_000;
    (await quotas.admit("ana")).release();
    now += 10_000;
    expect(await refusalOf(() => quotas.admit("ana"))).toMatchObject({ quota: "maxExecutionsPerMinute", limit: 2, retryAfterMs: 30_000 });
    now += 30_000;
    expect(await refusalOf(() => quotas.admit("ana"))).toBeUndefined();
  });

  it("takes a named principal's own quotas over the defaults", async () => {
    const quotas = createQuotas({ maxConcurrentExecutions: 1, principals: { batch: { maxConcurrentExecutions: 3 } } }, { poolSize: 8 });
    for (let run = 0; run < 3; run++) await quotas.admit("batch");
    expect(await refusalOf(() => quotas.admit("batch"))).toMatchObject({ limit: 3 });
    await quotas.admit("ana");
    expect(await refusalOf(() => quotas.admit("ana"))).toMatchObject({ limit: 1 });
  });

  it("caps executions waiting for a worker across every principal, 256 past the pool by default", async () => {
    const capped = createQuotas({ maxQueuedExecutions: 1 }, { poolSize: 2 });
    for (const name of ["a", "b", "c"]) await capped.admit(name);
    expect(await refusalOf(() => capped.admit("d"))).toMatchObject({ quota: "maxQueuedExecutions", limit: 1, message: expect.stringContaining("1 executions are waiting") });
    const defaults = createQuotas(undefined, { poolSize: 2 });
    for (let run = 0; run < 258; run++) await defaults.admit(`p${run}`);
    expect(defaults.inFlight).toBe(258);
    expect(await refusalOf(() => defaults.admit("late"))).toMatchObject({ quota: "maxQueuedExecutions", limit: 256 });
  });
});

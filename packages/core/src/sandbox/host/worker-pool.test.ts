import { afterAll, describe, expect, it } from "vitest";
import { prepareScript } from "../../script/index.js";
import { SERIALIZER_SOURCE } from "../../serializer/index.js";
import type { RunLimits } from "../protocol.js";
import type { PoolJob } from "./pool-state.js";
import { testLimits } from "../__fixtures__/test-limits.js";
import { createWorkerPool } from "./worker-pool.js";
import { startNodeWorker } from "./worker-slot.js";

const LIMITS = testLimits(5000);

const job = (code: string, extra: Partial<PoolJob> & { limits?: Partial<RunLimits> } = {}): PoolJob => {
  const prepared = prepareScript(code, { maxCodeBytes: 100_000 });
  return {
    request: { source: prepared.source, fileName: prepared.fileName, search: false, limits: { ...LIMITS, ...extra.limits } },
    onCalls: () => {},
    signal: extra.signal,
  };
};

describe("createWorkerPool", () => {
  const pool = createWorkerPool({ size: 1, memoryBytes: LIMITS.memoryBytes, maxStackBytes: LIMITS.maxStackBytes, serializerSource: SERIALIZER_SOURCE, startWorker: startNodeWorker });
  afterAll(() => pool.close());

  it("queues runs past its size and runs them all", async () => {
    const outcomes = await Promise.all([1, 2, 3].map((n) => pool.run(job(`return ${n}`))));
    expect(outcomes.map((outcome) => outcome.resultJson)).toEqual(["1", "2", "3"]);
  });

  it("runs what comes after expect(), at once or long after, and ignores expect() while busy", async () => {
    await pool.run(job("return 0"));
    pool.expect();
    expect((await pool.run(job("return 1"))).resultJson).toBe("1");
    // Announced, but the run comes after the worker stopped polling for it and went back to sleep.
    pool.expect();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await pool.run(job("return 2"))).resultJson).toBe("2");
    const busy = pool.run(job("const end = Date.now() + 100; while (Date.now() < end) {} return 3"));
    pool.expect();
    expect((await Promise.all([busy, pool.run(job("return 4"))])).map((outcome) => outcome.resultJson)).toEqual(["3", "4"]);
  });

  it("counts the runs running and the runs waiting for the worker", async () => {
    expect(pool.stats()).toEqual({ running: 0, queued: 0 });
    const runs = [1, 2, 3].map((n) => pool.run(job(`const end = Date.now() + 100; while (Date.now() < end) {} return ${n}`)));
    expect(pool.stats()).toMatchObject({ queued: 3 - pool.stats().running });
    await runs[0];
    expect(pool.stats().running + pool.stats().queued).toBe(2);
    await Promise.all(runs);
    expect(pool.stats()).toEqual({ running: 0, queued: 0 });
  });

  it("cancels a queued run without starting it", async () => {
    const controller = new AbortController();
    const busy = pool.run(job("const end = Date.now() + 200; while (Date.now() < end) {} return 'busy'"));
    const queued = pool.run(job("return 'queued'", { signal: controller.signal }));
    controller.abort();
    expect((await queued).error?.kind).toBe("Cancelled");
    expect((await busy).resultJson).toBe('"busy"');
  });

  it("terminates a worker that overruns its deadline inside a built-in, and replaces it", async () => {
    // One JSON.stringify of this array runs for about a second, never polling the interrupt handler; the loop polls
    // it only every ten thousand steps, so without the hard stop this run would go on for hours.
    const stuck = "const a = new Array(3e5).fill({ a: 1 }); while (true) JSON.stringify(a);";
    const started = Date.now();
    const outcome = await pool.run(job(stuck, { limits: { timeoutMs: 100 } }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(outcome.error).toMatchObject({ kind: "TimeoutExceeded", message: "Script ran past its 100 ms deadline; limits.timeoutMs raises it." });
    expect((await pool.run(job("return 'again'"))).resultJson).toBe('"again"');
  });

  it("hands the runs a terminated worker had not started to a new worker", async () => {
    const stuck = pool.run(job("const a = new Array(3e5).fill({ a: 1 }); while (true) JSON.stringify(a);", { limits: { timeoutMs: 100 } }));
    const behind = pool.run(job("return 'behind'"));
    expect((await stuck).error?.kind).toBe("TimeoutExceeded");
    expect((await behind).resultJson).toBe('"behind"');
  });

  it("replaces a worker that ran out of memory, running elsewhere what it had not started", async () => {
    const bomb = pool.run(job("const keep = []; while (true) keep.push(new Array(1e5).fill(1));"));
    const behind = pool.run(job("return 'after the bomb'"));
    expect((await bomb).error?.kind).toBe("MemoryLimitExceeded");
    expect((await behind).resultJson).toBe('"after the bomb"');
  });

  it("settles running and queued runs as Cancelled when closed, and refuses new ones", async () => {
    const other = createWorkerPool({ size: 1, memoryBytes: LIMITS.memoryBytes, maxStackBytes: LIMITS.maxStackBytes, serializerSource: SERIALIZER_SOURCE, startWorker: startNodeWorker });
    const running = other.run(job("while (true) {}"));
    const queued = other.run(job("return 1"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.close();
    expect((await running).error?.kind).toBe("Cancelled");
    expect((await queued).error?.kind).toBe("Cancelled");
    expect((await other.run(job("return 1"))).error?.kind).toBe("Cancelled");
  });

  it("starts another worker for a run that comes while its only worker is busy, rather than posting it behind", async () => {
    const two = createWorkerPool({ size: 2, memoryBytes: LIMITS.memoryBytes, maxStackBytes: LIMITS.maxStackBytes, serializerSource: SERIALIZER_SOURCE, startWorker: startNodeWorker });
    const stop = new AbortController();
    let endless = false;
    const running = two.run(job("while (true) {}", { signal: stop.signal, limits: { timeoutMs: 600_000 } })).then((outcome) => {
      endless = true;
      return outcome;
    });
    // Once the first run holds its worker, the second run arrives.
    await expect.poll(() => two.stats().running, { timeout: 20_000 }).toBe(1);
    expect((await two.run(job("return 2"))).resultJson).toBe("2");
    expect(endless).toBe(false);
    stop.abort();
    expect((await running).error?.kind).toBe("Cancelled");
    await two.close();
  });

  it("never fails the run that follows a cancelled one the worker still ran, when that run's deadline passes", async () => {
    const one = createWorkerPool({ size: 1, memoryBytes: LIMITS.memoryBytes, maxStackBytes: LIMITS.maxStackBytes, serializerSource: SERIALIZER_SOURCE, startWorker: startNodeWorker });
    const limits = { timeoutMs: 1000 };
    const first = one.run(job("while (true) {}", { limits }));
    await expect.poll(() => one.stats().running, { timeout: 20_000 }).toBe(1);
    // Two runs posted behind it are cancelled one after the other: the worker learns only of the second.
    const [stopSecond, stopThird] = [new AbortController(), new AbortController()];
    const second = one.run(job("while (true) {}", { limits, signal: stopSecond.signal }));
    const third = one.run(job("return 3", { limits, signal: stopThird.signal }));
    const last = one.run(job('const end = Date.now() + 600; while (Date.now() < end) {} return "last"', { limits }));
    stopSecond.abort();
    stopThird.abort();
    expect((await first).error?.kind).toBe("TimeoutExceeded");
    expect([(await second).error?.kind, (await third).error?.kind]).toEqual(["Cancelled", "Cancelled"]);
    expect((await last).resultJson).toBe('"last"');
    await one.close();
  });

  it("never runs a run cancelled while posted behind another, however many cancels follow it", async () => {
    const one = createWorkerPool({ size: 1, memoryBytes: LIMITS.memoryBytes, maxStackBytes: LIMITS.maxStackBytes, serializerSource: SERIALIZER_SOURCE, startWorker: startNodeWorker });
    const first = one.run(job("while (true) {}", { limits: { timeoutMs: 500 } }));
    await expect.poll(() => one.stats().running, { timeout: 20_000 }).toBe(1);
    const stops = [new AbortController(), new AbortController(), new AbortController()];
    // Each would hold the worker for ten seconds if it ran.
    const posted = stops.map((stop) => one.run(job("while (true) {}", { limits: { timeoutMs: 10_000 }, signal: stop.signal })));
    const last = one.run(job('return "last"'));
    for (const stop of stops) stop.abort();
    expect((await first).error?.kind).toBe("TimeoutExceeded");
    const firstEnded = performance.now();
    expect((await Promise.all(posted)).map((outcome) => outcome.error?.kind)).toEqual(["Cancelled", "Cancelled", "Cancelled"]);
    expect((await last).resultJson).toBe('"last"');
    // A bound, not a speed: had any cancelled run started, the last one would have waited for its ten-second deadline.
    expect(performance.now() - firstEnded).toBeLessThan(10_000);
    await one.close();
  }, 30_000);
});

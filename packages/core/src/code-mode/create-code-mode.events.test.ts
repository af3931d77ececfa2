import { afterAll, describe, expect, it } from "vitest";
import { defineTool } from "../tools/index.js";
import type { ExecutionEvent } from "../sandbox/index.js";
import { createCodeMode } from "./create-code-mode.js";
import type { CreateCodeModeOptions } from "./code-mode.js";

const open: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(open.map((codeMode) => codeMode.close())));

function codeMode(options: CreateCodeModeOptions = {}) {
  const created = createCodeMode({ poolSize: 1, limits: { timeoutMs: 10_000 }, ...options });
  open.push(created);
  return created;
}

/** The events of a run, each as `type tool detail`, in the order the listener got them. */
function collect() {
  const events: ExecutionEvent[] = [];
  const listen = (event: ExecutionEvent) => void events.push(event);
  const lines = () =>
    events.map((event) => {
      if (event.type === "logs") return `logs ${event.lines.join("|")}`;
      if (event.type === "end") return `end ${event.status}${event.error ? ` ${event.error.kind}` : ""}`;
      if (event.type === "tool-call-end") return `${event.type} ${event.tool} ${event.ok ? "ok" : event.errorCode}`;
      if (event.type === "approval-answered") return `${event.type} ${event.tool} ${event.status}`;
      return `${event.type} ${event.tool}`;
    });
  return { events, listen, lines };
}

/** `slow` replies only once `fast` has: the order of their ends is fixed. */
function raceTools() {
  let fastDone!: () => void;
  const fastFinished = new Promise<void>((resolve) => (fastDone = resolve));
  return [
    defineTool({ name: "shop.one", description: "One.", execute: async ({ n }: { n: number }) => n }),
    defineTool({
      name: "shop.slow",
      description: "Slow.",
      execute: async ({ n }: { n: number }) => {
        await fastFinished;
        return n;
      },
    }),
    defineTool({
      name: "shop.fast",
      description: "Fast.",
      execute: async ({ n }: { n: number }) => {
        setImmediate(fastDone);
        return n;
      },
    }),
    defineTool({
      name: "shop.broken",
      description: "Fails.",
      execute: async () => {
        throw new Error("the shop is closed");
      },
    }),
  ];
}

describe("execute with onEvent", () => {
  it("tells sequential and parallel calls and console lines in the order they happen, then the end", async () => {
    const { events, listen, lines } = collect();
    const result = await codeMode({ tools: raceTools() }).execute(
      `
      console.log("start");
      const one = await tools.shop.one({ n: 1 });
      const [slow, fast] = await Promise.all([tools.shop.slow({ n: 2 }), tools.shop.fast({ n: 3 })]);
      console.log("sum", one.data + slow.data + fast.data);
      return one.data + slow.data + fast.data;
      `,
      { onEvent: listen },
    );
    expect(result.result).toBe(6);
    expect(lines()).toEqual([
      "logs start",
      "tool-call-start shop.one",
      "tool-call-end shop.one ok",
      "tool-call-start shop.slow",
      "tool-call-start shop.fast",
      "tool-call-end shop.fast ok",
      "tool-call-end shop.slow ok",
      "logs sum 6",
      "end completed",
    ]);
    const starts = events.filter((event) => event.type === "tool-call-start");
    expect(starts.map((event) => event.arguments)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    // Each end names the call its start named, and times only go forward.
    const ends = events.filter((event) => event.type === "tool-call-end");
    expect(new Set(ends.map((event) => event.callId))).toEqual(new Set(starts.map((event) => event.callId)));
    for (let index = 1; index < events.length; index++) expect(events[index]!.at).toBeGreaterThanOrEqual(events[index - 1]!.at);
    expect(events.at(-1)).toMatchObject({ type: "end", status: "completed", durationMs: result.durationMs, error: null });
  });

  it("tells a failed call and a failed run", async () => {
    const { listen, lines: seen } = collect();
    const result = await codeMode({ tools: raceTools() }).execute(
      `const closed = await tools.shop.broken({}); throw new Error("gave up: " + closed.error.code);`,
      { onEvent: listen },
    );
    expect(result.error?.kind).toBe("ScriptError");
    expect(seen()).toEqual(["tool-call-start shop.broken", "tool-call-end shop.broken tool_error", "end failed ScriptError"]);
  });

  it("sends console lines while the script is still computing", async () => {
    const controller = new AbortController();
    const { events } = collect();
    // The loop never ends: only a line that reached the listener while it spins lets the listener stop the run.
    const result = await codeMode().execute(`console.log("spinning"); for (;;) {}`, {
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === "logs" && event.lines.includes("spinning")) controller.abort();
      },
    });
    expect(result.error?.kind).toBe("Cancelled");
    expect(events[0]).toMatchObject({ type: "logs", lines: ["spinning"], dropped: 0 });
    expect(events.at(-1)).toMatchObject({ type: "end", status: "failed" });
  });

  it("tells the same on the in-process engine, console lines included while the script computes", async () => {
    const { listen, lines } = collect();
    const inProcess = codeMode({ engine: "in-process", tools: raceTools() });
    const result = await inProcess.execute(`console.log("start"); const one = await tools.shop.one({ n: 1 }); return one.data;`, { onEvent: listen });
    expect(result.result).toBe(1);
    expect(lines()).toEqual(["logs start", "tool-call-start shop.one", "tool-call-end shop.one ok", "end completed"]);
    const controller = new AbortController();
    const spinning = await inProcess.execute(`console.log("spinning"); for (;;) {}`, {
      signal: controller.signal,
      onEvent: (event) => event.type === "logs" && controller.abort(),
    });
    expect(spinning.error?.kind).toBe("Cancelled");
  });

  it("tells an approval asked and answered, blocking or paused and resumed", async () => {
    const refund = defineTool({ name: "billing.refund", description: "Refund.", requiresApproval: true, execute: async ({ cents }: { cents: number }) => cents });
    const both = codeMode({ tools: [refund], approve: async () => true, approvals: { secret: "a secret of the events test" } });
    const blocking = collect();
    const code = `const refunded = await tools.billing.refund({ cents: 500 }); return refunded.data;`;
    expect((await both.execute(code, { onEvent: blocking.listen })).result).toBe(500);
    expect(blocking.lines()).toEqual([
      "tool-call-start billing.refund",
      "approval-asked billing.refund",
      "approval-answered billing.refund approved",
      "tool-call-end billing.refund ok",
      "end completed",
    ]);

    const pausing = collect();
    const paused = await both.execute(code, { approvals: "pause", onEvent: pausing.listen });
    expect(paused.status).toBe("paused");
    expect(pausing.lines()).toEqual(["tool-call-start billing.refund", "approval-asked billing.refund", "end paused"]);
    const resuming = collect();
    const decisions = { [paused.pending![0]!.callId]: true };
    const resumed = await both.resume(paused.continuation!, { decisions, owner: "", onEvent: resuming.listen });
    expect(resumed.result).toBe(500);
    expect(resuming.lines()).toEqual([
      "tool-call-start billing.refund",
      "approval-answered billing.refund approved",
      "tool-call-end billing.refund ok",
      "end completed",
    ]);
    // A refused continuation still ends, once.
    const again = collect();
    await both.resume(paused.continuation!, { decisions, owner: "", onEvent: again.listen });
    expect(again.lines()).toEqual(["end failed ContinuationRefused"]);
  });

  it("cannot change the run: a listener that throws, or never settles, gets the same result as none", async () => {
    const tools = raceTools();
    const code = `console.log("a"); const r = await tools.shop.one({ n: 7 }); console.log("b"); return r.data;`;
    const plain = await codeMode({ tools }).execute(code);
    const throwing = await codeMode({ tools }).execute(code, {
      onEvent: () => {
        throw new Error("the listener broke");
      },
    });
    const hanging = await codeMode({ tools }).execute(code, { onEvent: () => new Promise(() => undefined) as never });
    const rejecting = await codeMode({ tools }).execute(code, { onEvent: () => Promise.reject(new Error("no")) as never });
    for (const result of [throwing, hanging, rejecting]) {
      expect({ ...result, durationMs: 0, toolCalls: result.toolCalls.map((call) => ({ ...call, durationMs: 0 })) }).toEqual({
        ...plain,
        durationMs: 0,
        toolCalls: plain.toolCalls.map((call) => ({ ...call, durationMs: 0 })),
      });
    }
  });

  it("keeps host memory flat and the result exact through a flood of 1,000,000 console lines", async () => {
    const line = "x".repeat(100);
    let lines = 0;
    let dropped = 0;
    let logEvents = 0;
    let peakHeap = 0;
    const before = process.memoryUsage().heapUsed;
    const result = await codeMode({ limits: { timeoutMs: 120_000, maxHostCalls: 1_000_100 } }).execute(
      `let sum = 0; for (let i = 0; i < 1000000; i++) { console.log(i, "${line}"); sum += i; } return sum;`,
      {
        onEvent: (event) => {
          if (event.type !== "logs") return;
          logEvents++;
          lines += event.lines.length;
          dropped = event.dropped;
          peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
        },
      },
    );
    expect(result.status).toBe("completed");
    expect(result.result).toBe(499_999_500_000);
    expect(result.logs).toHaveLength(128);
    expect(result.logs[127]).toBe(`127 ${line}`);
    expect(lines).toBe(128);
    expect(dropped).toBe(1_000_000 - 128);
    expect(result.diagnostics).toContainEqual({ code: "log_lines_dropped", message: `${1_000_000 - 128} console line(s) after the first 128 were dropped.` });
    // Lines past the cap are counted, never kept: 100 MB of them would show here.
    expect(peakHeap - before).toBeLessThan(32 * 1024 * 1024);
    expect(logEvents).toBeGreaterThan(1);
  }, 180_000);
});

import { afterAll, describe, expect, it } from "vitest";
import { defineTool } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";

let inFlight = 0;
let peak = 0;
const aborted: string[] = [];
let onStart: (tag: string) => void = () => {};

const wait = defineTool({
  name: "slow.wait",
  description: "Waits some milliseconds, or until cancelled.",
  execute: (args: { ms: number; tag?: string }, { signal }) =>
    new Promise((resolve, reject) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      const timer = setTimeout(() => {
        inFlight--;
        resolve({ waited: args.ms });
      }, args.ms);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        inFlight--;
        aborted.push(args.tag ?? "?");
        reject(signal.reason);
      });
      onStart(args.tag ?? "?");
    }),
});

const big = defineTool({
  name: "slow.big",
  description: "Returns a large string.",
  execute: async (args: { bytes: number }) => "x".repeat(args.bytes),
});

const reset = () => {
  inFlight = 0;
  peak = 0;
  aborted.length = 0;
};

describe("createCodeMode", () => {
  const codeMode = createCodeMode({
    tools: [wait, big],
    poolSize: 1,
    limits: { timeoutMs: 3000, maxConcurrentCalls: 4, maxHostCalls: 20, maxToolResultBytes: 10_000 },
  });
  afterAll(() => codeMode.close());

  it("runs calls made together at the same time, queueing those past maxConcurrentCalls", async () => {
    reset();
    const result = await codeMode.execute(`
      const waits = [];
      for (let i = 0; i < 10; i++) waits.push(tools.slow.wait({ ms: 30 }));
      return (await Promise.all(waits)).every((r) => r.ok);`);
    expect(result.result).toBe(true);
    expect(peak).toBe(4);
    expect(result.toolCalls).toHaveLength(10);
    expect(result.toolCalls.every((call) => call.ok)).toBe(true);
  });

  it("cancels calls still in flight when the script returns, with a diagnostic naming the line", async () => {
    reset();
    const result = await codeMode.execute('tools.slow.wait({ ms: 5000, tag: "left" });\nawait tools.slow.wait({ ms: 5 });\nreturn "done";');
    expect(result.result).toBe("done");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(aborted).toEqual(["left"]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "calls_in_flight_on_return", line: 1 })]);
    expect(result.toolCalls).toEqual([
      expect.objectContaining({ tool: "slow.wait", ok: false, errorCode: "cancelled" }),
      expect.objectContaining({ tool: "slow.wait", ok: true }),
    ]);
  });

  it("never starts a call made in the tick the script returned", async () => {
    reset();
    const result = await codeMode.execute('tools.slow.wait({ ms: 5, tag: "never" }); return 1;');
    expect(result.result).toBe(1);
    expect(peak).toBe(0);
    expect(result.toolCalls).toMatchObject([{ tool: "slow.wait", ok: false, errorCode: "cancelled" }]);
  });

  it("fails with Cancelled and aborts the tools when the caller aborts", async () => {
    reset();
    const controller = new AbortController();
    // Aborted once the call is under way (the check and a loaded machine may take any time before it starts).
    onStart = () => controller.abort();
    const result = await codeMode.execute('await tools.slow.wait({ ms: 5000, tag: "caller" }); return 1;', {
      signal: controller.signal,
    });
    onStart = () => {};
    expect(result.error).toMatchObject({ kind: "Cancelled" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(aborted).toEqual(["caller"]);
    expect((await codeMode.execute("return 2")).result).toBe(2);
  });

  it("fails with Cancelled at once when the signal is already aborted", async () => {
    const result = await codeMode.execute("return 1", { signal: AbortSignal.abort() });
    expect(result.error).toMatchObject({ kind: "Cancelled" });
  });

  it("refuses the first host call past maxHostCalls with limit_exceeded, and stops the run at the next", async () => {
    const refused = await codeMode.execute(`
      for (let i = 0; i < 20; i++) await tools.slow.wait({ ms: 0 });
      return await tools.slow.wait({ ms: 0 });`);
    expect(refused.result).toMatchObject({ ok: false, error: { code: "limit_exceeded" } });
    const stopped = await codeMode.execute("for (let i = 0; i < 100; i++) console.log(i);");
    expect(stopped.error).toMatchObject({ kind: "HostCallLimit" });
    expect(stopped.logs).toHaveLength(20);
  });

  it("answers a tool result over maxToolResultBytes with limit_exceeded", async () => {
    const result = await codeMode.execute(
      "const small = await tools.slow.big({ bytes: 100 }); const large = await tools.slow.big({ bytes: 20000 });\n" +
        "return [small.ok, large.error.code];",
    );
    expect(result.result).toEqual([true, "limit_exceeded"]);
  });
});

describe("createCodeMode limits", () => {
  it("caps console lines and their bytes, with diagnostics", async () => {
    const codeMode = createCodeMode({ poolSize: 1, limits: { maxLogLines: 3, maxLogLineBytes: 8 } });
    try {
      const result = await codeMode.execute('console.log("é".repeat(10)); for (let i = 0; i < 5; i++) console.log(i);');
      expect(result.logs).toEqual(["éééé", "0", "1"]);
      expect(result.diagnostics.map((diagnostic) => diagnostic.code).sort()).toEqual(["log_line_truncated", "log_lines_dropped"]);
    } finally {
      await codeMode.close();
    }
  });

  it("drops tool calls, then logs, to fit maxOutputBytes, and fails with ResultTooLarge when the result alone is too big", async () => {
    const codeMode = createCodeMode({ tools: [wait], poolSize: 1, limits: { maxOutputBytes: 2000 } });
    try {
      const trimmed = await codeMode.execute(`
        for (let i = 0; i < 30; i++) console.log("line " + i + " " + "y".repeat(100));
        for (let i = 0; i < 30; i++) await tools.slow.wait({ ms: 0 });
        return "kept";`);
      expect(trimmed.result).toBe("kept");
      expect(trimmed.truncation?.toolCallsOmitted).toBe(30);
      expect(trimmed.truncation?.logsOmitted).toBeGreaterThan(0);
      expect(Buffer.byteLength(JSON.stringify(trimmed))).toBeLessThanOrEqual(2000);
      const tooLarge = await codeMode.execute('return "z".repeat(5000);');
      expect(tooLarge.error).toMatchObject({ kind: "ResultTooLarge" });
      expect((await codeMode.execute("return 3")).result).toBe(3);
    } finally {
      await codeMode.close();
    }
  });
});

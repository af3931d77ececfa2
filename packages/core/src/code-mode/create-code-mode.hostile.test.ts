import { afterAll, describe, expect, it } from "vitest";
import { defineTool } from "../tools/index.js";
import type { ExecutionErrorKind } from "./execution-result.js";
import { createCodeMode } from "./create-code-mode.js";

const echo = defineTool({ name: "util.echo", description: "Echoes.", execute: async (args: unknown) => args });

// Small limits keep the suite quick. Deadline tests get 300 ms; the rest a deadline long enough for a loaded
// machine, so that only the limit under test can end the run.
const limits = { memoryBytes: 8 * 1024 * 1024, maxHostCalls: 50, maxOutputBytes: 64 * 1024 };
const quick = createCodeMode({ tools: [echo], poolSize: 1, limits: { ...limits, timeoutMs: 300 } });
const codeMode = createCodeMode({ tools: [echo], poolSize: 2, limits: { ...limits, timeoutMs: 10_000 } });

/** Runs a hostile script, checks how it failed, and checks that the host still runs the next script. */
async function expectFailure(code: string, kind: ExecutionErrorKind, runner = codeMode) {
  const result = await runner.execute(code);
  expect(result).toMatchObject({ status: "failed", error: { kind } });
  // The 300 ms runner checks with a script that needs no tool call, so a loaded machine cannot time it out.
  const check = runner === quick ? "return 1 + 1;" : "return (await tools.util.echo({ ok: 1 })).data.ok + 1;";
  const next = await runner.execute(check);
  expect(next).toMatchObject({ status: "completed", result: 2 });
  return result;
}

describe("createCodeMode", () => {
  afterAll(() => Promise.all([quick.close(), codeMode.close()]));

  it("stops an infinite loop at the deadline", async () => {
    const result = await expectFailure("while (true) {}", "TimeoutExceeded", quick);
    expect(result.error?.message).toMatch(/300 ms/);
  });

  it("stops an infinite loop made of promise jobs", async () => {
    // The callback returns nothing, so no chain of promises grows: only the deadline can end this.
    const spin = "const spin = () => { Promise.resolve().then(spin); }; spin(); await new Promise(() => {});";
    await expectFailure(spin, "TimeoutExceeded", quick);
  });

  it("stops a loop that awaits forever between host calls", async () => {
    await expectFailure("while (true) await tools.util.echo({});", "HostCallLimit");
  });

  it("terminates a worker stuck in a long built-in call past the deadline", async () => {
    const started = Date.now();
    await expectFailure(
      "const a = new Array(3e5).fill({ a: 1 }); while (true) JSON.stringify(a);",
      "TimeoutExceeded",
      quick,
    );
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it("fails a memory bomb with MemoryLimitExceeded", async () => {
    const result = await expectFailure("const keep = []; while (true) keep.push(new Array(1e5).fill(7));", "MemoryLimitExceeded");
    expect(result.error?.message).toMatch(/8 MiB/);
  });

  it("fails a string bomb with MemoryLimitExceeded", async () => {
    await expectFailure('let s = "x".repeat(1e5); const keep = []; while (true) { s = s + "y"; keep.push(s + s); }', "MemoryLimitExceeded");
  });

  it("fails deep recursion with StackOverflow", async () => {
    await expectFailure("const deep = (n) => deep(n + 1) + 1; return deep(0);", "StackOverflow");
  });

  it("reaches nothing of the host through constructor chains or globals", async () => {
    const result = await codeMode.execute(`
      const viaFunction = (function () {}).constructor("return this")();
      const viaAsync = (async function () {}).constructor;
      const envelope = await tools.util.echo({});
      const viaEnvelope = envelope.constructor.constructor("return typeof process")();
      const names = Object.getOwnPropertyNames(viaFunction);
      return {
        sameGlobal: viaFunction === globalThis,
        host: ["process", "require", "module", "Buffer", "fetch", "setTimeout", "setInterval", "setImmediate",
          "XMLHttpRequest", "WebSocket", "std", "os", "scriptArgs", "print", "WebAssembly", "Atomics"]
          .filter((name) => typeof globalThis[name] !== "undefined" || names.includes(name)),
        viaEnvelope,
        asyncCtor: typeof viaAsync("return 1"),
        toolsCtor: typeof tools.constructor, toolsProto: Object.getPrototypeOf(tools),
        importRejected: await import("node:fs").then(() => false, () => true),
      };`);
    expect(result.result).toEqual({
      sameGlobal: true,
      host: [],
      viaEnvelope: "undefined",
      asyncCtor: "function",
      toolsCtor: "undefined",
      toolsProto: null,
      importRejected: true,
    });
  });

  it("starts every run from fresh state, even with 100 concurrent runs", async () => {
    const runs = Array.from({ length: 100 }, (_, index) =>
      codeMode.execute(`
        const before = typeof globalThis.leak === "undefined" && !Object.prototype.polluted;
        globalThis.leak = ${index}; Object.prototype.polluted = true; Array.prototype.push = null;
        return { index: ${index}, before, echoed: (await tools.util.echo({ index: ${index} })).data.index };`),
    );
    const results = await Promise.all(runs);
    results.forEach((result, index) => {
      expect(result).toMatchObject({ status: "completed", result: { index, before: true, echoed: index } });
    });
  });

  it("fails a result too large to return with ResultTooLarge", async () => {
    await expectFailure("return 'x'.repeat(100 * 1024);", "ResultTooLarge");
  });

  it("keeps a flood of log lines to the cap", async () => {
    const result = await expectFailure("const line = 'x'.repeat(10000); for (;;) console.log(line);", "HostCallLimit");
    expect(result.logs.length).toBeLessThanOrEqual(50);
    expect(result.logs.every((line) => line.length <= 4096)).toBe(true);
  });

  it("fails with NeverSettled when the script waits on nothing", async () => {
    await expectFailure("await new Promise(() => {});", "NeverSettled");
  });

  it("answers arguments that are not JSON with invalid_arguments rather than crossing", async () => {
    const result = await codeMode.execute(
      "const c = {}; c.c = c; return [await tools.util.echo(c), await tools.util.echo({ f() {} }), await tools.util.echo(1n)].map((r) => r.error.code);",
    );
    expect(result.result).toEqual(["invalid_arguments", "invalid_arguments", "invalid_arguments"]);
  });

  it("survives a thrown value whose getters throw or loop", async () => {
    await expectFailure("throw { get name() { throw new Error('no'); }, get message() { while (true) {} } };", "TimeoutExceeded", quick);
    const odd = await codeMode.execute("throw { get name() { throw new Error('no'); } };");
    expect(odd.error?.kind).toBe("ScriptError");
  });

  it("keeps host paths and stacks out of every result", async () => {
    const outputs = await Promise.all([
      codeMode.execute("null.x"),
      quick.execute("while (true) {}"),
      codeMode.execute("const deep = () => deep(); deep();"),
    ]);
    for (const output of outputs) expect(JSON.stringify(output)).not.toMatch(/\/work\/|node_modules|file:|\.ts:/);
  });
});

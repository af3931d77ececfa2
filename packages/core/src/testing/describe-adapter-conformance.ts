import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdapterHarness, AdapterRunResult, AdapterUnderTest } from "./adapter-harness.js";
import { createConformanceState, createConformanceTools } from "./conformance-tools.js";

const MAX_OUTPUT_BYTES = 64 * 1024;

const EDGE_ARGUMENTS = {
  nested: { level1: { level2: { level3: [1, { deep: true }] } } },
  list: [[], [1, 2, 3], ["a", null, false]],
  unicode: 'héllo wörld · 你好 · 🌍👩‍👩‍👧 · tab\tnewline\n·quote"·backslash\\',
  numbers: {
    maxSafe: Number.MAX_SAFE_INTEGER,
    minSafe: Number.MIN_SAFE_INTEGER,
    maxValue: Number.MAX_VALUE,
    minValue: Number.MIN_VALUE,
    negative: -1.5,
    zero: 0,
  },
  nothing: null,
};

/** The text the model reads, whatever shape the framework gives it. */
function modelText(run: AdapterRunResult): string {
  return typeof run.modelOutput === "string" ? run.modelOutput : JSON.stringify(run.modelOutput);
}

/**
 * Registers the adapter conformance suite: every adapter runs it with a harness that builds its code-mode tool from
 * neutral tool specs and calls it the way its framework does.
 *
 * @example
 * describeAdapterConformance("@codemode/ai-sdk", (tools, { limits }) => {
 *   const execute = createCodeModeTool({ tools: toToolSet(tools), namespace: "conformance", limits });
 *   return { run: (code, { signal } = {}) => callLikeTheSdk(execute, code, signal), close: () => execute.close() };
 * });
 */
export function describeAdapterConformance(name: string, harness: AdapterHarness): void {
  describe(`${name} adapter conformance`, () => {
    const state = createConformanceState();
    let adapter: AdapterUnderTest;

    beforeAll(async () => {
      // The deadline only bounds a broken adapter's hang; no test waits for it.
      const limits = { maxOutputBytes: MAX_OUTPUT_BYTES, timeoutMs: 10_000 };
      adapter = await harness(createConformanceTools(state), { limits });
    });
    afterAll(async () => adapter?.close());
    beforeEach(() => state.reset());

    describe("round trip", () => {
      it("delivers arguments and returns results unchanged", async () => {
        const code = `const args = { ...${JSON.stringify(EDGE_ARGUMENTS)}, missing: undefined };
return await tools.conformance.echo(args);`;
        const run = await adapter.run(code);
        expect(run.result.error).toBeNull();
        expect(state.echoed).toEqual([EDGE_ARGUMENTS]);
        expect(state.echoed[0]).not.toHaveProperty("missing");
        expect(run.result.result).toEqual({ ok: true, data: EDGE_ARGUMENTS, meta: { omitted: 0 } });
        expect(run.result.toolCalls).toMatchObject([{ tool: "conformance.echo", ok: true }]);
        expect(modelText(run)).toContain("你好");
      });

      it("keeps null fields and drops undefined ones in tool results", async () => {
        const code = `const r = await tools.conformance.lookup({ id: "c-1" });
return { keys: Object.keys(r.data).sort(), note: r.data.note };`;
        const run = await adapter.run(code);
        expect(run.result.result).toEqual({ keys: ["id", "note"], note: null });
      });
    });

    describe("concurrency", () => {
      it("runs calls made together at the same time", async () => {
        const code = `const calls = [tools.conformance.rendezvous({}), tools.conformance.rendezvous({})];
return (await Promise.all(calls)).map((call) => call.ok);`;
        const run = await adapter.run(code);
        expect(run.result.result).toEqual([true, true]);
      });
    });

    describe("error mapping", () => {
      it("turns a throwing tool into a tool_error envelope with its message", async () => {
        const run = await adapter.run(`return await tools.conformance.fail({ message: "Invoice INV-7 is locked." });`);
        expect(run.result.status).toBe("completed");
        expect(run.result.result).toMatchObject({ ok: false, error: { code: "tool_error", retryable: false } });
        expect(JSON.stringify(run.result.result)).toContain("Invoice INV-7 is locked.");
        expect(run.result.toolCalls).toMatchObject([{ tool: "conformance.fail", ok: false }]);
      });

      it("rejects invalid arguments the check cannot see without calling the tool", async () => {
        const run = await adapter.run(`const id = JSON.parse("42");\nreturn await tools.conformance.lookup({ id });`);
        expect(run.result.result).toMatchObject({ ok: false, error: { code: "invalid_arguments" } });
        expect(state.lookupCalls).toBe(0);
      });

      it("fails a throwing script with the line and column of the error", async () => {
        const code = `const customer = { name: "Ada" };\n// the address is missing\nconsole.log(customer.address.city);\nreturn "unreachable";`;
        const run = await adapter.run(code);
        expect(run.result.status).toBe("failed");
        expect(run.result.error).toMatchObject({ kind: "ScriptError", line: 3 });
        expect(run.result.error?.column).toEqual(expect.any(Number));
        expect(modelText(run)).toContain(run.result.error?.message);
      });

      it("fails a script that reads a property of a failed call's missing data with that line", async () => {
        const code = `const r = await tools.conformance.fail({ message: "locked" });\nconst n = r.data.length;\nreturn n;`;
        const run = await adapter.run(code);
        expect(run.result.status).toBe("failed");
        expect(run.result.error).toMatchObject({ kind: "ScriptError", line: 2 });
        expect(run.result.error?.column).toEqual(expect.any(Number));
      });

      it("fails a script that does not parse with a ParseError and its line", async () => {
        const run = await adapter.run(`const a = 1;\nreturn a +;`);
        expect(run.result.status).toBe("failed");
        expect(run.result.error).toMatchObject({ kind: "ParseError", line: 2 });
      });
    });

    describe("check", () => {
      it("refuses a script the tools' declarations rule out before any call, and shows the model each fault", async () => {
        const code = `const first = await tools.conformance.lookup({ id: "c-1" });\nconst second = await tools.conformance.lookup({ id: 42 });\nreturn [first, second];`;
        const run = await adapter.run(code);
        expect(run.result.status).toBe("failed");
        expect(run.result.error).toMatchObject({ kind: "CheckFailed", line: 2 });
        expect(run.result.diagnostics).toMatchObject([{ code: "wrong_type", line: 2, column: expect.any(Number) }]);
        expect(run.result.toolCalls).toEqual([]);
        expect(state.lookupCalls).toBe(0);
        expect(modelText(run)).toContain("wrong_type");
        expect(modelText(run)).toContain("must be `string`, not `42`");
      });

      it("names the nearest tool for one that does not exist", async () => {
        const run = await adapter.run(`return await tools.conformance.lookp({ id: "c-1" });`);
        expect(run.result.error).toMatchObject({ kind: "CheckFailed", line: 1 });
        expect(run.result.diagnostics).toMatchObject([{ code: "unknown_tool", suggestion: "tools.conformance.lookup" }]);
        expect(modelText(run)).toContain("tools.conformance.lookup");
      });
    });

    describe("awkward values", () => {
      it("serialises Date, Map, Set and BigInt returned by the script", async () => {
        const code = `return {
  when: new Date(Date.UTC(2024, 1, 29, 12)),
  map: new Map([["a", 1], ["b", [2, 3]]]),
  set: new Set(["x", "y"]),
  big: 12345678901234567890n,
};`;
        const run = await adapter.run(code);
        expect(run.result.result).toEqual({
          when: "2024-02-29T12:00:00.000Z",
          map: { a: 1, b: [2, 3] },
          set: ["x", "y"],
          big: "12345678901234567890",
        });
      });

      it("fails a result too large to return without flooding the model", async () => {
        const run = await adapter.run(`return "x".repeat(${MAX_OUTPUT_BYTES * 3});`);
        expect(run.result.status).toBe("failed");
        expect(run.result.error?.kind).toBe("ResultTooLarge");
        expect(modelText(run).length).toBeLessThan(MAX_OUTPUT_BYTES);
      });

      it("drops logs past the output limit and tells the model", async () => {
        const code = `for (let i = 0; i < 100; i++) console.log(String(i).padEnd(1000, "."));\nreturn "done";`;
        const run = await adapter.run(code);
        expect(run.result.status).toBe("completed");
        expect(run.result.result).toBe("done");
        expect(run.result.truncation?.logsOmitted).toBeGreaterThan(0);
        expect(modelText(run)).toMatch(/truncat/i);
      });
    });

    describe("cancellation", () => {
      it("stops the script and aborts the inner tool's signal when the framework call is aborted", async () => {
        const controller = new AbortController();
        const code = `await tools.conformance.wait_for_abort({});\nawait tools.conformance.after_abort({});\nreturn "finished";`;
        const pending = adapter.run(code, { signal: controller.signal });
        await state.waitStarted;
        controller.abort();
        const outcome = await pending.then(
          (run) => run,
          (error: unknown) => error
        );
        await vi.waitFor(() => expect(state.waitSignal?.aborted).toBe(true));
        expect(state.afterAbortCalls).toBe(0);
        // A framework may reject an aborted call itself; when it resolves, the result says why it stopped.
        if (!(outcome instanceof Error)) {
          const run = outcome as AdapterRunResult;
          expect(run.result.status).toBe("failed");
          expect(run.result.error?.kind).toBe("Cancelled");
        }
      });
    });
  });
}

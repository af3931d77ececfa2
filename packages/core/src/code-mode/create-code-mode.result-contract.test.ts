import { afterAll, describe, expect, it } from "vitest";
import { defineTool } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";

// Promises of the result contract that the adversarial suite found broken, kept here once fixed: every
// string reaches the host exactly, and a result always fits maxOutputBytes without losing what the run returned.
const echo = defineTool({ name: "util.echo", description: "Echoes.", execute: async (args: unknown) => args });
const codeMode = createCodeMode({ tools: [echo], poolSize: 1, limits: { timeoutMs: 10_000, maxOutputBytes: 2048 } });
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe("createCodeMode", () => {
  afterAll(() => codeMode.close());

  it("keeps a lone surrogate inside a returned object", async () => {
    const result = await codeMode.execute("return ['\\uD800x'];");
    expect(result.result).toEqual(["\uD800x"]);
  });

  it("keeps a lone surrogate in a returned string, a console line and an error message", async () => {
    expect((await codeMode.execute("return '\\uD800x';")).result).toBe("\uD800x");
    expect((await codeMode.execute("console.log('\\uDFFFy', 'é😀'); return 1;")).logs).toEqual(["\uDFFFy é😀"]);
    const failed = await codeMode.execute("throw new Error('bad \\uD83D');");
    expect(failed.error?.message).toContain("bad \uD83D");
  });

  // One `calls_in_flight_on_return` diagnostic per call left running outgrows a small limit: diagnostics give way too.
  it("keeps a completed run with many calls left running within maxOutputBytes", async () => {
    const result = await codeMode.execute("for (let i = 0; i < 50; i++) tools.util.echo({ i }); return 1;");
    expect(result).toMatchObject({ status: "completed", result: 1 });
    expect(bytes(result)).toBeLessThanOrEqual(2048);
  });

  // A long thrown message is cut, rather than replaced by ResultTooLarge: the model still learns what was thrown.
  it("reports a long thrown message as the script's error, cut to fit", async () => {
    const result = await codeMode.execute("throw new Error('x'.repeat(5000));");
    expect(result.error?.kind).toBe("ScriptError");
    expect(bytes(result)).toBeLessThanOrEqual(2048);
  });
});

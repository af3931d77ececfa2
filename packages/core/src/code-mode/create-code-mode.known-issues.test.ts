import { afterAll, describe, expect, it } from "vitest";
import { defineTool } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";

// KNOWN BUGS found by the adversarial work of issue 10, each pinned by an `it.fails` so that CI stays green until the
// fix, and goes red (flip it to `it`) once it lands. None lets a script reach the host; each breaks a promise of the
// result contract.
const echo = defineTool({ name: "util.echo", description: "Echoes.", execute: async (args: unknown) => args });
const codeMode = createCodeMode({ tools: [echo], poolSize: 1, limits: { timeoutMs: 10_000, maxOutputBytes: 2048 } });
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe("createCodeMode", () => {
  afterAll(() => codeMode.close());

  it("keeps a lone surrogate inside a returned object", async () => {
    const result = await codeMode.execute("return ['\\uD800x'];");
    expect(result.result).toEqual(["\uD800x"]);
  });

  // sandbox/run-guest.ts and guest-bridge.ts read strings with `context.getString`, through UTF-8: a lone surrogate
  // in a returned string, a console line or an error message becomes three U+FFFD. Inside objects the guest's
  // JSON.stringify escapes it.
  it.fails("KNOWN BUG: keeps a lone surrogate in a returned string", async () => {
    const result = await codeMode.execute("return '\\uD800x';");
    expect(result.result).toBe("\uD800x");
  });

  it.fails("KNOWN BUG: keeps a lone surrogate in a console line", async () => {
    const result = await codeMode.execute("console.log('\\uDFFFy'); return 1;");
    expect(result.logs).toEqual(["\uDFFFy"]);
  });

  // serializer/fit-result.ts drops logs and tool call records to fit maxOutputBytes, never diagnostics: one
  // `calls_in_flight_on_return` per call left running outgrows a small limit, and the completed run is then
  // reported as ResultTooLarge although its value is `1` (and the result still exceeds the limit).
  it("keeps a completed run with many calls left running within maxOutputBytes", async () => {
    const result = await codeMode.execute("for (let i = 0; i < 50; i++) tools.util.echo({ i }); return 1;");
    expect(result).toMatchObject({ status: "completed", result: 1 });
    expect(bytes(result)).toBeLessThanOrEqual(2048);
  });

  // The same function cannot shorten an error message: a script that throws a long one is reported as
  // ResultTooLarge, and the model never learns what it threw.
  it("reports a long thrown message as the script's error, cut to fit", async () => {
    const result = await codeMode.execute("throw new Error('x'.repeat(5000));");
    expect(result.error?.kind).toBe("ScriptError");
    expect(bytes(result)).toBeLessThanOrEqual(2048);
  });
});

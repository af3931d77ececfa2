import { describe, expect, it } from "vitest";
import type { ExecutionResult } from "../envelopes/index.js";
import { fitResult } from "./fit-result.js";

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

function resultWith(overrides: Partial<ExecutionResult> = {}): ExecutionResult {
  return {
    status: "completed",
    result: { ticket: "T-8821" },
    error: null,
    diagnostics: [],
    logs: Array.from({ length: 20 }, (_, i) => `log line ${i} ${"é".repeat(20)}`),
    toolCalls: Array.from({ length: 20 }, (_, i) => ({ tool: `crm.tool_${i}`, ok: true, durationMs: i })),
    durationMs: 12,
    ...overrides,
  };
}

describe("fitResult", () => {
  it("returns a result that fits unchanged", () => {
    const result = resultWith();
    expect(fitResult(result, bytes(result))).toBe(result);
  });

  it("measures the returned value from the size it is given instead of stringifying it again", () => {
    const result = resultWith({ result: { note: "😀é".repeat(50) } });
    const valueBytes = bytes(result.result);
    expect(fitResult(result, bytes(result), valueBytes)).toBe(result);
    const believedLarger = fitResult(result, bytes(result), valueBytes + 1);
    expect(believedLarger).not.toBe(result);
    expect(believedLarger.truncation?.toolCallsOmitted).toBeGreaterThan(0);
  });

  it("drops tool call records from the end first and reports what it dropped", () => {
    const result = resultWith();
    const limit = bytes(result) - 100;
    const fitted = fitResult(result, limit);
    expect(bytes(fitted)).toBeLessThanOrEqual(limit);
    expect(fitted.logs).toEqual(result.logs);
    expect(fitted.toolCalls).toEqual(result.toolCalls.slice(0, fitted.toolCalls.length));
    expect(fitted.toolCalls.length).toBeGreaterThan(10);
    expect(fitted.truncation).toEqual({ logsOmitted: 0, toolCallsOmitted: 20 - fitted.toolCalls.length });
    expect(fitted.diagnostics).toEqual([{ code: "output_truncated", message: expect.stringContaining(`${limit} bytes`) }]);
    expect(fitted.result).toEqual(result.result);
  });

  it("drops log lines from the end once every tool call record is gone", () => {
    const result = resultWith();
    const withoutCalls = bytes({ ...result, toolCalls: [] });
    const fitted = fitResult(result, withoutCalls - 200);
    expect(fitted.toolCalls).toEqual([]);
    expect(fitted.logs.length).toBeGreaterThan(0);
    expect(fitted.logs).toEqual(result.logs.slice(0, fitted.logs.length));
    expect(fitted.truncation).toEqual({ logsOmitted: 20 - fitted.logs.length, toolCallsOmitted: 20 });
    expect(bytes(fitted)).toBeLessThanOrEqual(withoutCalls - 200);
  });

  it("keeps as much as fits, measured in UTF-8 bytes", () => {
    const result = resultWith();
    // Below about 450 bytes not even a failed result's skeleton fits; limits that small are not a real configuration.
    for (let limit = 600; limit < bytes(result); limit += 97) {
      const fitted = fitResult(result, limit);
      expect(bytes(fitted)).toBeLessThanOrEqual(limit);
      if (fitted.status === "completed" && fitted.logs.length < result.logs.length) {
        const oneMore = { ...fitted, logs: result.logs.slice(0, fitted.logs.length + 1) };
        expect(bytes(oneMore)).toBeGreaterThan(limit);
      }
      if (fitted.toolCalls.length > 0 && fitted.toolCalls.length < result.toolCalls.length) {
        const oneMore = { ...fitted, toolCalls: result.toolCalls.slice(0, fitted.toolCalls.length + 1) };
        expect(bytes(oneMore)).toBeGreaterThan(limit);
      }
    }
  });

  it("fails with ResultTooLarge when the returned value alone does not fit, keeping logs that fit", () => {
    const result = resultWith({ result: { blob: "x".repeat(5000) }, logs: ["a", "b"], toolCalls: [] });
    const fitted = fitResult(result, 1000);
    expect(fitted.status).toBe("failed");
    expect(fitted.result).toBeNull();
    expect(fitted.error).toEqual({
      kind: "ResultTooLarge",
      message: "The returned value is 5011 bytes as JSON, over the 1000-byte output limit.",
      line: null,
      column: null,
    });
    expect(fitted.logs).toEqual(["a", "b"]);
    expect(fitted.truncation).toBeUndefined();
  });

  it("drops diagnostics from the end only once every tool call record and log line is gone", () => {
    const diagnostics = Array.from({ length: 40 }, (_, i) => ({ code: "calls_in_flight_on_return", message: `The call ${i} was still pending.`, line: i + 1 }));
    const result = resultWith({ result: 1, diagnostics });
    const fitted = fitResult(result, 1200);
    expect(bytes(fitted)).toBeLessThanOrEqual(1200);
    expect(fitted).toMatchObject({ status: "completed", result: 1, logs: [], toolCalls: [] });
    const kept = fitted.diagnostics.length - 1;
    expect(kept).toBeGreaterThan(0);
    expect(fitted.diagnostics.slice(0, kept)).toEqual(diagnostics.slice(0, kept));
    expect(fitted.diagnostics.at(-1)).toMatchObject({ code: "output_truncated", message: expect.stringContaining(`${40 - kept} diagnostics`) });
    expect(fitted.truncation).toEqual({ logsOmitted: 20, toolCallsOmitted: 20, diagnosticsOmitted: 40 - kept });
  });

  it("cuts a failed run's error message to what fits, by code points, keeping its kind and position", () => {
    const message = `boom ${"😀\uD800é".repeat(400)}`;
    const result = resultWith({ status: "failed", result: null, error: { kind: "ScriptError", message, line: 3, column: 7 } });
    for (const limit of [800, 1000, 1500]) {
      const fitted = fitResult(result, limit);
      expect(bytes(fitted)).toBeLessThanOrEqual(limit);
      expect(fitted.error).toMatchObject({ kind: "ScriptError", line: 3, column: 7 });
      const shown = fitted.error!.message.replace("… (cut to fit the output limit)", "");
      expect(shown.length).toBeGreaterThan(limit / 10);
      expect(message.startsWith(shown)).toBe(true);
      // One more code point would not have fitted.
      const next = [...message][[...shown].length]!;
      expect(bytes({ ...fitted, error: { ...fitted.error, message: fitted.error!.message.replace("…", `${next}…`) } })).toBeGreaterThan(limit);
    }
  });

  it("never mutates its input", () => {
    const result = resultWith({ result: { blob: "x".repeat(3000) } });
    const copy = structuredClone(result);
    fitResult(result, 500);
    fitResult(result, 1500);
    expect(result).toEqual(copy);
  });
});

import { describe, expect, it } from "vitest";
import { callError, cancelledOutcome, failedEnvelopeJson, failedOutcome, failedResult, okEnvelopeJson } from "./build-envelopes.js";

describe("callError", () => {
  it("is not retryable unless said", () => {
    expect(callError("not_found", "No tool.")).toEqual({ code: "not_found", message: "No tool.", retryable: false });
    expect(callError("timeout", "Slow.", true)).toMatchObject({ retryable: true });
  });
});

describe("failedEnvelopeJson", () => {
  it("is the JSON text of a failed envelope", () => {
    expect(JSON.parse(failedEnvelopeJson(callError("tool_error", "Failed.")))).toEqual({
      ok: false,
      error: { code: "tool_error", message: "Failed.", retryable: false },
    });
  });
});

describe("okEnvelopeJson", () => {
  it("wraps data already encoded as JSON, with meta for tool calls only", () => {
    expect(JSON.parse(okEnvelopeJson('{"a":[1]}', { omitted: 2 }))).toEqual({ ok: true, data: { a: [1] }, meta: { omitted: 2 } });
    expect(JSON.parse(okEnvelopeJson('"x"'))).toEqual({ ok: true, data: "x" });
  });
});

describe("failedOutcome", () => {
  it("has no result, logs, diagnostics or calls, and a fresh array each time", () => {
    const outcome = failedOutcome("SessionLimit", "All sessions are running.");
    expect(outcome).toEqual({
      resultJson: null,
      error: { kind: "SessionLimit", message: "All sessions are running.", stack: null },
      diagnostics: [],
      logs: [],
      unfinishedCalls: [],
    });
    expect(failedOutcome("Cancelled", "x").logs).not.toBe(outcome.logs);
  });
});

describe("cancelledOutcome", () => {
  it("says the execution was cancelled", () => {
    expect(cancelledOutcome().error).toEqual({ kind: "Cancelled", message: "The execution was cancelled.", stack: null });
  });
});

describe("failedResult", () => {
  it("is a failed result with nothing recorded", () => {
    const error = { kind: "ParseError" as const, message: "Bad.", line: 1, column: 2 };
    expect(failedResult(error)).toEqual({ status: "failed", result: null, error, diagnostics: [], logs: [], toolCalls: [], durationMs: 0 });
  });
});

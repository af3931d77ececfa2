import type { ExecutionResult } from "../envelopes/index.js";
import { describe, expect, it } from "vitest";
import { formatExecutionResult } from "./format-execution-result.js";

const base: ExecutionResult = {
  status: "completed",
  result: null,
  error: null,
  diagnostics: [],
  logs: [],
  toolCalls: [],
  durationMs: 12,
};

describe("formatExecutionResult", () => {
  it("shows a returned value as compact JSON and a string as itself", () => {
    expect(formatExecutionResult({ ...base, result: { total: 19650 } })).toBe('Result: {"total":19650}');
    expect(formatExecutionResult({ ...base, result: "19650 dollars" })).toBe("Result: 19650 dollars");
  });

  it("names the error kind, line and column, and the calls already made", () => {
    const text = formatExecutionResult({
      ...base,
      status: "failed",
      error: { kind: "ScriptError", message: "TypeError: cannot read property 'city' of undefined", line: 3, column: 17 },
      toolCalls: [
        { tool: "billing.void_invoice", ok: true, durationMs: 3 },
        { tool: "crm.get_customer", ok: false, durationMs: 1, errorCode: "not_found" },
      ],
    });
    expect(text).toContain("Error: ScriptError at line 3, column 17: TypeError: cannot read property 'city'");
    expect(text).toContain("billing.void_invoice (ok), crm.get_customer (failed: not_found)");
  });

  it("includes logs, warnings and what was truncated", () => {
    const text = formatExecutionResult({
      ...base,
      result: 1,
      logs: ["first", "second"],
      diagnostics: [{ code: "calls_in_flight_on_return", message: "1 call was still running.", line: 4 }],
      truncation: { logsOmitted: 5, toolCallsOmitted: 0 },
    });
    expect(text).toContain("Logs:\nfirst\nsecond");
    expect(text).toContain("- calls_in_flight_on_return (line 4): 1 call was still running.");
    expect(text).toContain("Truncated: 5 log lines");
  });

  it("shows a refused script as its faults, each with its place, and says that nothing ran", () => {
    const text = formatExecutionResult({
      ...base,
      status: "failed",
      error: { kind: "CheckFailed", message: "The check found 2 faults.", line: 1, column: 20 },
      diagnostics: [
        { code: "unknown_tool", message: "There is no tool `tools.billing.list_invoice`; did you mean `tools.billing.list_invoices`?", line: 1, column: 20, endLine: 1, endColumn: 32, suggestion: "tools.billing.list_invoices" },
        { code: "wrong_type", message: "The argument `limit` of `tools.billing.list_invoices` must be `number`, not `\"10\"`.", line: 3, column: 9, endLine: 3, endColumn: 13 },
      ],
    });
    expect(text).toBe(
      "Error: CheckFailed: the script did not run and no tool was called; fix these 2 faults and run it again:\n" +
        "- unknown_tool (line 1, column 20): There is no tool `tools.billing.list_invoice`; did you mean `tools.billing.list_invoices`?\n" +
        "- wrong_type (line 3, column 9): The argument `limit` of `tools.billing.list_invoices` must be `number`, not `\"10\"`.",
    );
  });

  it("shows a printed run's output instead of a result and logs", () => {
    const printed = { ...base, output: "printed" as const, result: "total 3", logs: ["total 3"] };
    expect(formatExecutionResult(printed)).toBe("Output:\ntotal 3");
    expect(formatExecutionResult({ ...printed, result: "", logs: [] })).toBe("Output: (nothing was printed)");
  });

  it("ends with the session a run belongs to", () => {
    expect(formatExecutionResult({ ...base, result: 1, sessionId: "abc" })).toBe(
      "Result: 1\n\nSession: abc (pass it as sessionId to keep these variables)",
    );
  });

  it("tells the model a paused run waits for a person, and that it must not decide or retry", () => {
    const pending = [{ callId: "call_a_2", tool: "billing.refund", arguments: { cents: 120 }, line: 3 }];
    const text = formatExecutionResult({ ...base, status: "paused", pending, continuation: "cm1.secret.sig" });
    expect(text).toContain('Paused: waiting for a person to approve:\n- billing.refund({"cents":120})');
    expect(text).toContain("Do not decide for them, retry the calls");
    expect(text).not.toContain("cm1.");
  });
});

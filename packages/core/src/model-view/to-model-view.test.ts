import type { ExecutionResult } from "../envelopes/index.js";
import { describe, expect, it } from "vitest";
import { toModelView } from "./to-model-view.js";

const base: ExecutionResult = {
  status: "completed",
  result: { total: 3 },
  error: null,
  diagnostics: [],
  logs: [],
  toolCalls: [{ tool: "billing.list_invoices", ok: true, durationMs: 4 }],
  durationMs: 12,
};

describe("toModelView", () => {
  it("shows a completed run as its status and result only", () => {
    expect(toModelView(base)).toEqual({ status: "completed", result: { total: 3 } });
  });

  it("shows a failure with its line and column, the calls made, logs and diagnostics", () => {
    const view = toModelView({
      ...base,
      toolCalls: [
        { tool: "billing.refund", ok: true, durationMs: 4 },
        { tool: "billing.notify", ok: false, durationMs: 1, errorCode: "tool_error" },
      ],
      status: "failed",
      result: null,
      error: { kind: "ScriptError", message: "x is not defined", line: 2, column: 8 },
      logs: ["checking"],
      diagnostics: [{ code: "calls_in_flight_on_return", message: "1 call was still running.", line: 4 }],
    });
    expect(view).toEqual({
      status: "failed",
      error: { kind: "ScriptError", message: "x is not defined", line: 2, column: 8 },
      toolCallsMade: [
        { tool: "billing.refund", ok: true },
        { tool: "billing.notify", ok: false, errorCode: "tool_error" },
      ],
      logs: ["checking"],
      diagnostics: [{ code: "calls_in_flight_on_return", message: "1 call was still running.", line: 4 }],
    });
  });

  it("tells the model what was truncated", () => {
    const view = toModelView({ ...base, truncation: { logsOmitted: 40, toolCallsOmitted: 2 } });
    expect(view.truncated).toBe("40 log lines and 2 tool call records were dropped to fit the output limit.");
  });

  it("shows a printed run as its output, without logs, and what was printed before a failure", () => {
    const printed = { ...base, output: "printed" as const, result: "a\nb", logs: ["a", "b"] };
    expect(toModelView(printed)).toEqual({ status: "completed", output: "a\nb" });
    const failed = { ...printed, status: "failed" as const, result: null, toolCalls: [],
      error: { kind: "ScriptError" as const, message: "boom", line: 1, column: 1 } };
    expect(toModelView(failed)).toEqual({ status: "failed", error: failed.error, output: "a\nb" });
  });

  it("shows the session a run belongs to, so the model can run in it again", () => {
    expect(toModelView({ ...base, sessionId: "abc" })).toEqual({ status: "completed", result: { total: 3 }, sessionId: "abc" });
  });

  it("shows a paused run as the calls it waits for and tells the model a person decides, without the continuation", () => {
    const pending = [{ callId: "call_a_2", tool: "billing.refund", arguments: { cents: 120 }, line: 3 }];
    const view = toModelView({ ...base, status: "paused", result: null, pending, continuation: "cm1.secret.sig" });
    expect(view).toEqual({ status: "paused", waitingFor: [{ tool: "billing.refund", arguments: { cents: 120 } }], note: expect.stringContaining("waiting for a person") });
    expect(view.note).toContain("Do not decide");
    expect(JSON.stringify(view)).not.toContain("cm1.");
  });

  it("shows a fault's column and suggestion, and leaves its end to the host", () => {
    const diagnostic = { code: "unknown_tool", message: "There is no tool.", line: 2, column: 7, endLine: 2, endColumn: 19, suggestion: "tools.crm.get_customer" };
    const view = toModelView({ ...base, status: "failed", result: null, toolCalls: [], error: { kind: "CheckFailed", message: "Refused.", line: 2, column: 7 }, diagnostics: [diagnostic] });
    expect(view.diagnostics).toEqual([{ code: "unknown_tool", message: "There is no tool.", line: 2, column: 7, suggestion: "tools.crm.get_customer" }]);
  });
});

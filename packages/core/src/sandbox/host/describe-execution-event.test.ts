import { describe, expect, it } from "vitest";
import { describeExecutionEvent } from "./describe-execution-event.js";

describe("describeExecutionEvent", () => {
  it("says in a few words what each event means", () => {
    const call = { at: 5, callId: "call_1", tool: "crm.delete_customer" };
    expect(describeExecutionEvent({ type: "tool-call-start", ...call, arguments: "{}" })).toBe("crm.delete_customer started");
    expect(describeExecutionEvent({ type: "tool-call-end", ...call, ok: true, durationMs: 3 })).toBe("crm.delete_customer finished");
    expect(describeExecutionEvent({ type: "tool-call-end", ...call, ok: false, durationMs: 3, errorCode: "not_found" })).toBe("crm.delete_customer failed (not_found)");
    expect(describeExecutionEvent({ type: "approval-asked", ...call })).toBe("waiting for approval of crm.delete_customer");
    expect(describeExecutionEvent({ type: "approval-answered", ...call, status: "timeout", waitedMs: 9 })).toBe("crm.delete_customer not approved (timeout)");
    expect(describeExecutionEvent({ type: "logs", at: 1, lines: ["read page 6 of 20", "read page 7 of 20"], dropped: 0 })).toBe("read page 7 of 20");
    expect(describeExecutionEvent({ type: "logs", at: 1, lines: [], dropped: 4 })).toBeUndefined();
    expect(describeExecutionEvent({ type: "end", at: 9, status: "failed", durationMs: 9, error: { kind: "ScriptError", message: "boom" } })).toBe("failed: boom");
  });
});

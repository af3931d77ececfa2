import { describe, expect, it } from "vitest";
import type { ApprovalRequest } from "./approval-request.js";
import { requestApproval } from "./request-approval.js";

const request = { tool: "crm.delete_customer", arguments: { id: "cus_1" }, context: null, callId: "call_1" };
const ask = (approve: Parameters<typeof requestApproval>[0]["approve"], signal = new AbortController().signal, timeoutMs = 1000) =>
  requestApproval({ approve, request, signal, timeoutMs });

describe("requestApproval", () => {
  it("lets the call run when the approver says true or approved", async () => {
    expect(await ask(() => true)).toBeNull();
    expect(await ask(async () => ({ approved: true }))).toBeNull();
  });

  it("denies with the approver's reason, or a plain message without one", async () => {
    expect(await ask(() => false)).toEqual({ code: "access_denied", message: "The call to crm.delete_customer was denied.", retryable: false });
    expect((await ask(() => ({ approved: false, reason: "not today" })))?.message).toBe("The call to crm.delete_customer was denied: not today.");
  });

  it("denies on an answer that is not a clear yes", async () => {
    const error = await ask(() => "yes" as never);
    expect(error).toMatchObject({ code: "access_denied", message: expect.stringContaining("no clear answer") });
  });

  it("denies when no approver is configured, or when it throws or rejects", async () => {
    expect((await ask(undefined))?.message).toContain("no approver is configured");
    const thrown = await ask(() => {
      throw new Error("boom");
    });
    expect(thrown).toMatchObject({ code: "access_denied", message: expect.stringContaining("approver failed") });
    expect(await ask(() => Promise.reject(new Error("boom")))).toMatchObject({ code: "access_denied" });
  });

  it("fails with timeout and fires the approver's signal when no answer comes in time", async () => {
    let seen: ApprovalRequest | undefined;
    const error = await ask((asked) => ((seen = asked), new Promise<boolean>(() => {})), undefined, 30);
    expect(error).toEqual({
      code: "timeout",
      message: "No approval for crm.delete_customer arrived within 30 ms, so it did not run.",
      retryable: false,
    });
    expect(seen?.signal.aborted).toBe(true);
  });

  it("gives up at once, firing the approver's signal, when the call is cancelled", async () => {
    const controller = new AbortController();
    let seen: ApprovalRequest | undefined;
    const pending = ask((asked) => ((seen = asked), new Promise<boolean>(() => {})), controller.signal, 60_000);
    await Promise.resolve();
    controller.abort();
    expect(await pending).toMatchObject({ code: "cancelled" });
    expect(seen?.signal.aborted).toBe(true);
  });

  it("does not ask at all for a call already cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    let asked = false;
    expect(await ask(() => (asked = true), controller.signal)).toMatchObject({ code: "cancelled" });
    expect(asked).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import type { ApprovalRequest } from "./approval-request.js";
import { requestApproval, requestDecisionNow } from "./request-approval.js";

const request = { tool: "crm.delete_customer", arguments: { id: "cus_1" }, context: null, callId: "call_1", mode: "block" as const };
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

describe("requestDecisionNow", () => {
  const now = (approve: Parameters<typeof requestDecisionNow>[0]["approve"]) => requestDecisionNow({ approve, request });

  it("decides at once on a synchronous answer, as requestApproval would", () => {
    expect(now(() => true)).toBeNull();
    expect(now(() => ({ approved: false, reason: "no" }))).toMatchObject({ code: "access_denied", message: "The call to crm.delete_customer was denied: no." });
    expect(now(() => {
      throw new Error("boom");
    })).toMatchObject({ code: "access_denied", message: expect.stringContaining("approver failed") });
  });

  it("pauses without an approver, or when it answers later or not at all, and fires the request's signal", async () => {
    expect(now(undefined)).toBe("pause");
    let seen: ApprovalRequest | undefined;
    expect(now((asked) => ((seen = asked), Promise.reject(new Error("later"))))).toBe("pause");
    expect(seen?.signal.aborted).toBe(true);
    expect(now(() => undefined as never)).toBe("pause");
  });
});

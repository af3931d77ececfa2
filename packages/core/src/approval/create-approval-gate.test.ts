import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../tools/index.js";
import { createApprovalGate } from "./create-approval-gate.js";

const tool = (requiresApproval: ToolDefinition["requiresApproval"]): ToolDefinition => ({
  name: "crm.delete_customer",
  description: "",
  requiresApproval,
  execute: () => null,
});
let calls = 0;
const call = () => ({ callId: `call_${++calls}`, signal: new AbortController().signal });

describe("createApprovalGate", () => {
  it("holds from the first pending approval until the last one ends", async () => {
    const holds: boolean[] = [];
    const answers: ((approved: boolean) => void)[] = [];
    const gate = createApprovalGate({
      approve: () => new Promise<boolean>((resolve) => answers.push(resolve)),
      timeoutMs: 60_000,
      context: null,
      onHold: (held) => holds.push(held),
    });
    const first = gate.check(tool(true), {}, call());
    const second = gate.check(tool(true), {}, call());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(holds).toEqual([true]);
    answers[0]!(true);
    expect(await first).toBeNull();
    expect(holds).toEqual([true]);
    answers[1]!(false);
    expect(await second).toMatchObject({ code: "access_denied" });
    expect(holds).toEqual([true, false]);
    expect(gate.outcome(`call_${calls - 1}`)).toEqual({ approved: true, status: "approved", waitedMs: expect.any(Number) });
    expect(gate.outcome(`call_${calls}`)).toEqual({ approved: false, status: "denied", waitedMs: expect.any(Number) });
  });

  it("tells a timeout from a denial, and gives a call still waiting the outcome cancelled", async () => {
    const gate = createApprovalGate({ approve: () => new Promise<boolean>(() => {}), timeoutMs: 20, context: null, onHold: () => {} });
    const timedOut = call();
    expect(await gate.check(tool(true), {}, timedOut)).toMatchObject({ code: "timeout" });
    expect(gate.outcome(timedOut.callId)).toMatchObject({ approved: false, status: "timeout" });
    expect(gate.pending(timedOut.callId)).toBeUndefined();
    const waiting = call();
    void gate.check(tool(true), {}, waiting);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(gate.outcome(waiting.callId)).toBeUndefined();
    expect(gate.pending(waiting.callId)).toEqual({ approved: false, status: "cancelled", waitedMs: expect.any(Number) });
  });

  it("tells onAsk about each call that starts waiting, and only those", async () => {
    const asked: { tool: string; callId: string }[] = [];
    const gate = createApprovalGate({ approve: () => true, timeoutMs: 1000, context: null, onHold: () => {}, onAsk: (event) => asked.push(event) });
    const first = call();
    await gate.check(tool(true), {}, first);
    await gate.check(tool(false), {}, call());
    expect(asked).toEqual([{ tool: "crm.delete_customer", callId: first.callId }]);
  });

  it("never asks or holds for a tool that needs no approval", async () => {
    const holds: boolean[] = [];
    const gate = createApprovalGate({ approve: () => false, timeoutMs: 1000, context: null, onHold: (held) => holds.push(held) });
    expect(await gate.check(tool(undefined), {}, call())).toBeNull();
    expect(await gate.check(tool(() => false), {}, call())).toBeNull();
    expect(holds).toEqual([]);
  });

  it("denies without asking when the tool's rule throws", async () => {
    let asked = false;
    const gate = createApprovalGate({ approve: () => (asked = true), timeoutMs: 1000, context: null, onHold: () => {} });
    const rule = () => {
      throw new Error("broken rule");
    };
    expect(await gate.check(tool(rule), {}, call())).toMatchObject({ code: "access_denied", message: expect.stringContaining("needs approval failed") });
    expect(asked).toBe(false);
  });
});

import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ApprovalRequest, Approver } from "../approval/index.js";
import { defineTool } from "../tools/index.js";
import { createCodeMode } from "./create-code-mode.js";
import type { CreateCodeModeOptions } from "./code-mode.js";
import type { ToolCallEndEvent } from "../sandbox/index.js";

const deleted: string[] = [];

const tools = [
  defineTool({
    name: "crm.delete_customer",
    description: "Deletes a customer for good.",
    inputSchema: z.object({ id: z.string(), reason: z.string().default("none given") }),
    requiresApproval: true,
    execute: async (args) => {
      deleted.push(args.id);
      return { deleted: args.id };
    },
  }),
  defineTool({
    name: "billing.refund",
    description: "Refunds an amount; refunds over 100 need approval.",
    requiresApproval: (args: { cents: number }) => args.cents > 100,
    execute: async (args: { cents: number }) => ({ refunded: args.cents }),
  }),
  defineTool({
    name: "crm.find_customer",
    description: "Finds a customer.",
    execute: async () => ({ id: "cus_1" }),
  }),
];

const open: { close(): Promise<void> }[] = [];

function codeMode(options: CreateCodeModeOptions = {}) {
  const created = createCodeMode({ tools, poolSize: 1, limits: { timeoutMs: 5000 }, ...options });
  open.push(created);
  return created;
}

/** An approver that answers only when the test says so, and remembers every request. */
function manualApprover() {
  const pending: { request: ApprovalRequest; answer: (approved: boolean) => void }[] = [];
  let onRequest = () => {};
  const approve: Approver = (request) =>
    new Promise<boolean>((answer) => {
      pending.push({ request, answer });
      onRequest();
    });
  const requested = (count: number) =>
    new Promise<void>((resolve) => {
      onRequest = () => pending.length >= count && resolve();
      onRequest();
    });
  return { approve, pending, requested };
}

beforeEach(() => {
  deleted.length = 0;
});
afterAll(() => Promise.all(open.map((created) => created.close())));

describe("createCodeMode (approvals)", () => {
  it("runs an approved call, after asking with the tool, its validated arguments and the context", async () => {
    const requests: ApprovalRequest[] = [];
    const modes = codeMode({ approve: (request) => (requests.push(request), true) });
    const result = await modes.execute(`return await tools.crm.delete_customer({ id: "cus_9" });`, { context: { user: "ada" } });
    expect(result.result).toEqual({ ok: true, data: { deleted: "cus_9" }, meta: { omitted: 0 } });
    expect(deleted).toEqual(["cus_9"]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      tool: "crm.delete_customer",
      arguments: { id: "cus_9", reason: "none given" },
      context: { user: "ada" },
      callId: expect.stringMatching(/^call_/),
    });
    expect(requests[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it("gives a denied call access_denied and lets the script go on", async () => {
    const modes = codeMode({ approve: async () => ({ approved: false, reason: "customers are never deleted on Fridays" }) });
    const result = await modes.execute(`
      const denied = await tools.crm.delete_customer({ id: "cus_9" });
      const found = await tools.crm.find_customer({});
      return { denied, found: found.data.id };`);
    expect(result.status).toBe("completed");
    expect(result.result).toEqual({
      denied: {
        ok: false,
        error: { code: "access_denied", message: "The call to crm.delete_customer was denied: customers are never deleted on Fridays.", retryable: false },
      },
      found: "cus_1",
    });
    expect(deleted).toEqual([]);
    expect(result.toolCalls).toMatchObject([{ tool: "crm.delete_customer", ok: false, errorCode: "access_denied" }, { ok: true }]);
  });

  it("denies such calls, saying why, when no approver is configured", async () => {
    const result = await codeMode().execute(`return (await tools.crm.delete_customer({ id: "cus_9" })).error;`);
    expect(result.result).toMatchObject({ code: "access_denied", message: expect.stringContaining("no approver is configured") });
    expect(deleted).toEqual([]);
  });

  it("denies the call when the approver throws, without failing the run or showing its error", async () => {
    const modes = codeMode({
      approve: () => {
        throw new Error("secret database password in here");
      },
    });
    const result = await modes.execute(`return (await tools.crm.delete_customer({ id: "cus_9" })).error.message;`);
    expect(result.status).toBe("completed");
    expect(result.result).toBe("The approver failed while asked about crm.delete_customer, so the call did not run.");
    expect(JSON.stringify(result)).not.toContain("secret");
  });

  it("asks only when the tool's own rule says the call needs approval", async () => {
    const asked: unknown[] = [];
    const modes = codeMode({ approve: (request) => (asked.push(request.arguments), false) });
    const result = await modes.execute(`
      const small = await tools.billing.refund({ cents: 50 });
      const large = await tools.billing.refund({ cents: 500 });
      return [small.ok, large.ok && large.data, large.ok || large.error.code];`);
    expect(result.result).toEqual([true, false, "access_denied"]);
    expect(asked).toEqual([{ cents: 500 }]);
  });

  it("does not count the time a person takes against the script's deadline", async () => {
    const modes = codeMode({
      limits: { timeoutMs: 300 },
      approve: () => new Promise((resolve) => setTimeout(() => resolve(true), 800)),
    });
    const result = await modes.execute(`return (await tools.crm.delete_customer({ id: "cus_slow" })).ok;`);
    expect(result.error).toBeNull();
    expect(result.result).toBe(true);
    expect(deleted).toEqual(["cus_slow"]);
  });

  it("still stops a script that computes past its deadline after an approval", async () => {
    const modes = codeMode({ limits: { timeoutMs: 300 }, approve: () => new Promise((resolve) => setTimeout(() => resolve(true), 400)) });
    const result = await modes.execute(`await tools.crm.delete_customer({ id: "cus_1" }); for (;;) {}`);
    expect(result.error).toMatchObject({ kind: "TimeoutExceeded" });
  });

  it("fails a call with timeout when no answer comes within approvalTimeoutMs, and the script goes on", async () => {
    let signal: AbortSignal | undefined;
    const modes = codeMode({
      limits: { timeoutMs: 2000, approvalTimeoutMs: 200 },
      approve: (request) => ((signal = request.signal), new Promise<boolean>(() => {})),
    });
    const result = await modes.execute(`
      const waited = await tools.crm.delete_customer({ id: "cus_9" });
      return { error: waited.error, after: (await tools.crm.find_customer({})).ok };`);
    expect(result.result).toEqual({
      error: { code: "timeout", message: "No approval for crm.delete_customer arrived within 200 ms, so it did not run.", retryable: false },
      after: true,
    });
    expect(signal?.aborted).toBe(true);
    expect(deleted).toEqual([]);
  });

  it("asks about calls made together with Promise.all at the same time", async () => {
    const approver = manualApprover();
    const modes = codeMode({ approve: approver.approve });
    const running = modes.execute(`
      const ids = ["cus_1", "cus_2", "cus_3"];
      const results = await Promise.all(ids.map((id) => tools.crm.delete_customer({ id })));
      return results.map((result) => result.ok);`);
    // All three are waiting at once: none has been answered yet.
    await approver.requested(3);
    expect(approver.pending.map(({ request }) => (request.arguments as { id: string }).id).sort()).toEqual(["cus_1", "cus_2", "cus_3"]);
    for (const { request, answer } of approver.pending) answer((request.arguments as { id: string }).id !== "cus_2");
    const result = await running;
    expect(result.result).toEqual([true, false, true]);
    expect(deleted.sort()).toEqual(["cus_1", "cus_3"]);
  });

  it("ends a cancelled execution while a call waits for approval, firing the approver's signal, running nothing", async () => {
    const approver = manualApprover();
    const modes = codeMode({ approve: approver.approve, limits: { timeoutMs: 60_000 } });
    const controller = new AbortController();
    const running = modes.execute(`await tools.crm.delete_customer({ id: "cus_9" }); return "went on";`, {
      signal: controller.signal,
    });
    await approver.requested(1);
    const { request, answer } = approver.pending[0]!;
    controller.abort();
    const result = await running;
    expect(result.error).toMatchObject({ kind: "Cancelled" });
    expect(request.signal.aborted).toBe(true);
    // An answer that comes too late changes nothing.
    answer(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deleted).toEqual([]);
  });

  it("rejects with a ToolCallError in value call style", async () => {
    const modes = codeMode({ callStyle: "value", approve: () => false });
    const result = await modes.execute(`
      try {
        await tools.crm.delete_customer({ id: "cus_9" });
        return "deleted";
      } catch (error) {
        return { isToolCallError: error instanceof ToolCallError, code: error.code, retryable: error.retryable };
      }`);
    expect(result.result).toEqual({ isToolCallError: true, code: "access_denied", retryable: false });
  });

  it("records in each tool call whether it was approved and how long it waited", async () => {
    const modes = codeMode({ approve: (request) => (request.arguments as { id: string }).id === "cus_1" });
    const result = await modes.execute(`
      await tools.crm.delete_customer({ id: "cus_1" });
      await tools.crm.delete_customer({ id: "cus_2" });
      await tools.crm.find_customer({});`);
    expect(result.toolCalls).toEqual([
      expect.objectContaining({ ok: true, approval: { approved: true, waitedMs: expect.any(Number) } }),
      expect.objectContaining({ ok: false, errorCode: "access_denied", approval: { approved: false, waitedMs: expect.any(Number) } }),
      expect.not.objectContaining({ approval: expect.anything() }),
    ]);
  });

  it("counts the wait for approval in the call's durationMs and says how much of it was the wait", async () => {
    const ends: ToolCallEndEvent[] = [];
    const modes = codeMode({
      approve: () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 60)),
      onToolCallEnd: (event) => ends.push(event),
    });
    const result = await modes.execute(`await tools.crm.delete_customer({ id: "cus_1" });`);
    const [call] = result.toolCalls;
    // waitedMs is rounded to whole milliseconds, durationMs to hundredths: the wait is part of the call's time.
    expect(call!.approval!.waitedMs).toBeGreaterThanOrEqual(50);
    expect(call!.durationMs).toBeGreaterThanOrEqual(call!.approval!.waitedMs - 0.5);
    expect(ends).toEqual([expect.objectContaining({ durationMs: call!.durationMs, approval: { status: "approved", waitedMs: call!.approval!.waitedMs } })]);
  });

  it("tells the hooks how each approval ended, and nothing for a call that needed none", async () => {
    const ends: ToolCallEndEvent[] = [];
    const modes = codeMode({
      limits: { approvalTimeoutMs: 100 },
      approve: (request) => ((request.arguments as { id: string }).id === "cus_1" ? false : new Promise<boolean>(() => {})),
      onToolCallEnd: (event) => ends.push(event),
    });
    await modes.execute(`
      await tools.crm.delete_customer({ id: "cus_1" });
      await tools.crm.delete_customer({ id: "cus_2" });
      await tools.crm.find_customer({});`);
    expect(ends.map((event) => [event.errorCode, event.approval?.status])).toEqual([
      ["access_denied", "denied"],
      ["timeout", "timeout"],
      [undefined, undefined],
    ]);
  });

  it("tells the model that a call cut short while waiting for approval did not run", async () => {
    const modes = codeMode({
      callStyle: "value",
      approve: (request) => ((request.arguments as { id: string }).id === "cus_1" ? false : new Promise<boolean>(() => {})),
    });
    const result = await modes.execute(`
      await Promise.all([tools.crm.delete_customer({ id: "cus_1" }), tools.crm.delete_customer({ id: "cus_2" })]);`);
    expect(result.error?.kind).toBe("ToolCallFailed");
    expect(result.error?.message).toContain(
      "1. crm.delete_customer failed: access_denied: The call to crm.delete_customer was denied.; " +
        "2. crm.delete_customer cancelled while waiting for approval; it did not run.",
    );
  });

  it("lets other executions run on other workers while one waits for a person, including those queued behind it", async () => {
    const { approve, pending, requested } = manualApprover();
    const modes = codeMode({ approve, poolSize: 2 });
    const others = (count: number) => Array.from({ length: count }, (_, i) => modes.execute(`return ${i};`));
    // Submitted together: some of the others are queued on the waiting run's worker before it asks.
    const waiting = modes.execute(`return (await tools.crm.delete_customer({ id: "cus_9" })).ok;`);
    const before = others(8);
    await requested(1);
    const after = others(8);
    // Every other execution ends while the person has still not answered.
    expect((await Promise.all([...before, ...after])).map((result) => result.result)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7]);
    expect(pending).toHaveLength(1);
    pending[0]!.answer(true);
    expect((await waiting).result).toBe(true);
  });

  it("refuses a requiresApproval that is neither a boolean nor a function", () => {
    const tool = { name: "crm.drop", description: "", requiresApproval: "yes", execute: () => null };
    expect(() => defineTool(tool as never)).toThrow('Tool "crm.drop": requiresApproval must be a boolean or a function.');
  });
});

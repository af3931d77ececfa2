import type { ApprovalRequest, ExecutionResult } from "@codemode/core";
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCodeModeTool, type CodeModeTool, type CreateCodeModeToolOptions } from "./create-code-mode-tool.js";

const refunded: number[] = [];
const listed: string[] = [];

const refund = tool(async ({ cents }) => (refunded.push(cents), { refunded: cents }), {
  name: "refund",
  description: "Refund an amount in cents.",
  schema: z.object({ cents: z.number().int() }),
});
const listInvoices = tool(async ({ customerId }) => (listed.push(customerId), [{ id: "in_1", cents: 250 }]), {
  name: "list_invoices",
  description: "List the invoices of one customer.",
  schema: z.object({ customerId: z.string() }),
});

const open: CodeModeTool[] = [];
function make(options: Partial<CreateCodeModeToolOptions> = {}): CodeModeTool {
  const execute = createCodeModeTool({ tools: [refund, listInvoices], namespace: "billing", poolSize: 1, ...options });
  open.push(execute);
  return execute;
}

/** Calls the tool as an agent's ToolNode does, with a tool call and a config, and returns the full result. */
async function run(execute: CodeModeTool, code: string): Promise<ExecutionResult> {
  const call = { type: "tool_call" as const, id: "call_1", name: execute.name, args: { code } };
  const message = (await execute.invoke(call, { configurable: { userId: "u-7" } })) as ToolMessage;
  return message.artifact as ExecutionResult;
}

afterEach(async () => {
  refunded.length = 0;
  listed.length = 0;
  await Promise.all(open.splice(0).map((execute) => execute.close()));
});

describe("createCodeModeTool (interruptOn)", () => {
  it("runs a call once approve says yes, after showing the approver the tool, its arguments and the run's config", async () => {
    const requests: ApprovalRequest[] = [];
    const execute = make({ interruptOn: { refund: true }, approve: (request) => (requests.push(request), true) });
    const result = await run(execute, `return (await tools.billing.refund({ cents: 250 })).data;`);
    expect(result.result).toEqual({ refunded: 250 });
    expect(refunded).toEqual([250]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ tool: "billing.refund", arguments: { cents: 250 } });
    expect(requests[0]!.context).toMatchObject({ configurable: { userId: "u-7" } });
    expect(result.toolCalls).toMatchObject([{ tool: "billing.refund", ok: true, approval: { approved: true } }]);
  });

  it("gives the script access_denied when approve says no, and the tool never runs", async () => {
    const execute = make({ interruptOn: { "billing.refund": true }, approve: async () => ({ approved: false, reason: "over the limit" }) });
    const result = await run(
      execute,
      `const r = await tools.billing.refund({ cents: 250 });
       return [r.ok, r.error.code, r.error.message];`,
    );
    expect(result.status).toBe("completed");
    expect(result.result).toEqual([false, "access_denied", "The call to billing.refund was denied: over the limit."]);
    expect(refunded).toEqual([]);
  });

  it("runs a tool that interruptOn does not cover without asking", async () => {
    const requests: ApprovalRequest[] = [];
    const execute = make({ interruptOn: { refund: true }, approve: (request) => (requests.push(request), false) });
    const result = await run(execute, `return (await tools.billing.list_invoices({ customerId: "cus_1" })).ok;`);
    expect(result.result).toBe(true);
    expect(listed).toEqual(["cus_1"]);
    expect(requests).toEqual([]);
  });

  it("asks only for the calls a when rule picks, and the script goes on past a denial", async () => {
    const asked: unknown[] = [];
    const execute = make({
      interruptOn: { "billing.*": { when: (request) => (request.toolCall.args["cents"] as number) > 1000 } },
      approve: (request) => (asked.push(request.arguments), false),
    });
    const result = await run(
      execute,
      `const small = await tools.billing.refund({ cents: 500 });
       const large = await tools.billing.refund({ cents: 5000 });
       const invoices = await tools.billing.list_invoices({ customerId: "cus_1" });
       return [small.ok, large.ok, invoices.ok];`,
    );
    expect(result.result).toEqual([true, false, true]);
    expect(asked).toEqual([{ cents: 5000 }]);
    expect(refunded).toEqual([500]);
  });

  it("denies, saying why, when interruptOn covers a tool and no approve is given", async () => {
    const result = await run(make({ interruptOn: { refund: true } }), `return (await tools.billing.refund({ cents: 1 })).error.message;`);
    expect(result.result).toContain("no approver is configured");
    expect(refunded).toEqual([]);
  });

  it("refuses an interruptOn key that matches no tool", () => {
    expect(() => make({ interruptOn: { refunds: true }, approve: () => true })).toThrow(/"refunds", which no tool matches/);
  });

  it("asks inside a createAgent run, where the approver reads who is asking from the agent's config", async () => {
    const users: unknown[] = [];
    const execute = make({
      interruptOn: { refund: true },
      approve: ({ context }) => (users.push((context as { configurable?: { userId?: string } }).configurable?.userId), true),
    });
    const code = `const [invoice] = (await tools.billing.list_invoices({ customerId: "cus_1" })).data;
return (await tools.billing.refund({ cents: invoice.cents })).data;`;
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { code }, id: "call_9" }])
      .respond(new AIMessage("Refunded 250 cents."));
    const agent = createAgent({ model, tools: [execute] });
    const { messages } = await agent.invoke(
      { messages: [{ role: "user", content: "Refund the first invoice of cus_1." }] },
      { configurable: { userId: "u-42" } },
    );
    const toolMessage = messages.find((message) => message.type === "tool") as ToolMessage;
    expect((toolMessage.artifact as ExecutionResult).result).toEqual({ refunded: 250 });
    expect(users).toEqual(["u-42"]);
    expect(refunded).toEqual([250]);
  });
});

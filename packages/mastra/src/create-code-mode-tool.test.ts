import { randomBytes } from "node:crypto";
import type { ApprovalRequest, ExecutionResult } from "@codemode/core";
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { RequestContext } from "@mastra/core/request-context";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { z } from "zod";
import { afterEach, describe, expect, it } from "vitest";
import { createScriptedModel, lastToolOutput } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool, type CodeModeSuspendPayload } from "./create-code-mode-tool.js";

const refunds: string[] = [];
afterEach(() => void (refunds.length = 0));

const getCustomer = createTool({
  id: "get_customer",
  description: "Look a customer up by id.",
  inputSchema: z.object({ id: z.string() }),
  execute: async ({ id }, context) => ({ id, name: "Acme", seenBy: context.requestContext?.get("userId") }),
});
const refund = createTool({
  id: "refund",
  description: "Refund an invoice.",
  inputSchema: z.object({ invoiceId: z.string() }),
  requireApproval: true,
  execute: async ({ invoiceId }) => (refunds.push(invoiceId), { refunded: invoiceId }),
});

const toolOutput = (output: { toolResults: unknown[] }) => (output.toolResults[0] as { payload: { result: ExecutionResult } }).payload.result;

describe("createCodeModeTool", () => {
  it("lists the tools in its description, gives the model the compact view and the host the full result", async () => {
    const execute = createCodeModeTool({ tools: { get_customer: getCustomer }, namespace: "crm", poolSize: 1 });
    try {
      expect(execute.id).toBe("execute");
      expect(execute.description).toMatch(/crm[\s\S]*get_customer\(/);
      const model = createScriptedModel(`return (await tools.crm.get_customer({ id: "c-1" })).data.name;`);
      const agent = new Agent({ id: "crm", name: "crm", instructions: "Answer.", model, tools: { execute } });
      const output = await agent.generate("Who is c-1?", { maxSteps: 2 });
      expect(toolOutput(output)).toMatchObject({ status: "completed", result: "Acme", toolCalls: [{ tool: "crm.get_customer", ok: true }] });
      expect(lastToolOutput(model)).toEqual({ status: "completed", result: "Acme" });
    } finally {
      await execute.close();
    }
  });

  it("gives inner tools the Agent's request context", async () => {
    const execute = createCodeModeTool({ tools: { get_customer: getCustomer }, poolSize: 1 });
    try {
      const model = createScriptedModel(`return (await tools.get_customer({ id: "c-1" })).data.seenBy;`);
      const agent = new Agent({ id: "crm", name: "crm", instructions: "Answer.", model, tools: { execute } });
      const requestContext = new RequestContext([["userId", "u-7"]]);
      expect(toolOutput(await agent.generate("Who?", { maxSteps: 2, requestContext })).result).toBe("u-7");
    } finally {
      await execute.close();
    }
  });

  it("asks approve before a tool with requireApproval runs; a no is access_denied", async () => {
    const asked: ApprovalRequest[] = [];
    const approve = async (request: ApprovalRequest) => (asked.push(request), (request.arguments as { invoiceId: string }).invoiceId === "inv-1");
    const execute = createCodeModeTool({ tools: { refund }, namespace: "billing", approve, poolSize: 1 });
    try {
      const code = `const a = await tools.billing.refund({ invoiceId: "inv-1" });\nconst b = await tools.billing.refund({ invoiceId: "inv-2" });\nreturn [a.ok, b.ok ? "ran" : b.error.code];`;
      const agent = new Agent({ id: "billing", name: "billing", instructions: "Refund.", model: createScriptedModel(code), tools: { execute } });
      expect(toolOutput(await agent.generate("Refund both.", { maxSteps: 2 })).result).toEqual([true, "access_denied"]);
      expect(refunds).toEqual(["inv-1"]);
      expect(asked.map((request) => request.tool)).toEqual(["billing.refund", "billing.refund"]);
    } finally {
      await execute.close();
    }
  });

  it("pauses at an approval by suspending the tool, and resumeGenerate({ approved }) goes on from the pause", async () => {
    const lookups: string[] = [];
    const lookup = createTool({
      id: "get_invoice",
      description: "Look an invoice up.",
      inputSchema: z.object({ id: z.string() }),
      execute: async ({ id }) => (lookups.push(id), { id, amount: 120 }),
    });
    const execute = createCodeModeTool({ tools: { get_invoice: lookup, refund }, namespace: "billing", approvals: { mode: "pause", secret: randomBytes(32) }, poolSize: 1 });
    try {
      const code = `const invoice = (await tools.billing.get_invoice({ id: "inv-3" })).data;\nconst done = await tools.billing.refund({ invoiceId: invoice.id });\nreturn done.ok ? done.data : done.error.code;`;
      const model = createScriptedModel(code, (output) => JSON.stringify(output));
      const agent = new Agent({ id: "billing", name: "billing", instructions: "Refund.", model, tools: { execute } });
      // Mastra keeps a suspended run's state in its storage: an in-memory store here.
      new Mastra({ agents: { billing: agent }, storage: new InMemoryStore(), logger: false });
      const first = await agent.generate("Refund inv-3.", { maxSteps: 3 });
      expect(first.finishReason).toBe("suspended");
      const suspended = (first.suspendPayload as { toolName: string; suspendPayload: CodeModeSuspendPayload }).suspendPayload;
      expect(suspended.pending).toMatchObject([{ tool: "billing.refund", arguments: { invoiceId: "inv-3" }, line: 2 }]);
      expect(refunds).toEqual([]);
      const second = await agent.resumeGenerate({ approved: true }, { runId: first.runId!, maxSteps: 3 });
      expect(refunds).toEqual(["inv-3"]);
      // The lookup before the pause ran once: the resumed run replays its recorded result.
      expect(lookups).toEqual(["inv-3"]);
      expect(second.text).toContain("inv-3");
    } finally {
      await execute.close();
    }
  });
});

describe("createCodeModeTool with sessions", () => {
  it("keeps a session's variables for the next call with its id, for the owner that started it", async () => {
    const execute = createCodeModeTool({ tools: { get_customer: getCustomer }, sessions: {}, owner: (context) => String(context.requestContext?.get("userId")), poolSize: 1 });
    try {
      const call = (input: { code: string; sessionId: string }, userId: string) =>
        execute.execute!(input, { requestContext: new RequestContext([["userId", userId]]) } as never) as Promise<ExecutionResult>;
      const first = await call({ code: "var total = 40; return total;", sessionId: "new" }, "u-1");
      expect(first.sessionId).toEqual(expect.any(String));
      expect((await call({ code: "return total + 2;", sessionId: first.sessionId! }, "u-1")).result).toBe(42);
      expect((await call({ code: "return total;", sessionId: first.sessionId! }, "u-2")).error?.kind).toBe("SessionNotFound");
    } finally {
      await execute.close();
    }
  });
});

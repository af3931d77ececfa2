import type { ApprovalRequest, ExecutionResult } from "@codemode/core";
import { Agent, run, RunContext, setTracingDisabled, tool, webSearchTool, type RunToolCallOutputItem } from "@openai/agents";
import { z } from "zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createScriptedModel, lastToolOutput } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool } from "./create-code-mode-tool.js";

setTracingDisabled(true);
const refunds: string[] = [];
afterEach(() => void (refunds.length = 0));

const getCustomer = tool({
  name: "get_customer",
  description: "Look a customer up by id.",
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }, runContext?: RunContext<{ userId: string }>) => ({ id, name: "Acme", seenBy: runContext?.context.userId }),
});
const refund = tool({
  name: "refund",
  description: "Refund an invoice.",
  parameters: z.object({ invoiceId: z.string() }),
  needsApproval: async (_runContext, { invoiceId }) => invoiceId !== "inv-small",
  execute: async ({ invoiceId }) => (refunds.push(invoiceId), `refunded ${invoiceId}`),
});

const fullResult = (items: readonly unknown[]) =>
  ((items.find((item) => (item as { type: string }).type === "tool_call_output_item") as RunToolCallOutputItem).customData as { result: ExecutionResult }).result;

describe("createCodeModeTool", () => {
  it("lists the tools in its description; the model reads compact text, the host the full result", async () => {
    const execute = createCodeModeTool({ tools: [getCustomer], namespace: "crm", poolSize: 1 });
    try {
      expect(execute.name).toBe("execute");
      expect(execute.description).toMatch(/crm[\s\S]*get_customer\(/);
      const model = createScriptedModel(`return (await tools.crm.get_customer({ id: "c-1" })).data.name;`);
      const result = await run(new Agent({ name: "crm", model, tools: [execute] }), "Who is c-1?", { context: { userId: "u-7" } });
      expect(fullResult(result.newItems)).toMatchObject({ status: "completed", result: "Acme", toolCalls: [{ tool: "crm.get_customer", ok: true }] });
      expect(lastToolOutput(model)).toBe("Result: Acme");
    } finally {
      await execute.close();
    }
  });

  it("gives inner tools the run's context", async () => {
    const execute = createCodeModeTool({ tools: [getCustomer], poolSize: 1 });
    try {
      const model = createScriptedModel(`return (await tools.get_customer({ id: "c-1" })).data.seenBy;`);
      const result = await run(new Agent({ name: "crm", model, tools: [execute] }), "Who?", { context: { userId: "u-7" } });
      expect(fullResult(result.newItems).result).toBe("u-7");
    } finally {
      await execute.close();
    }
  });

  it("asks the tool's needsApproval with the run's context, then approve; a no is access_denied", async () => {
    const asked: ApprovalRequest[] = [];
    const approve = vi.fn(async (request: ApprovalRequest) => (asked.push(request), false));
    const execute = createCodeModeTool({ tools: [refund], namespace: "billing", approve, poolSize: 1 });
    try {
      const code = `const a = await tools.billing.refund({ invoiceId: "inv-small" });\nconst b = await tools.billing.refund({ invoiceId: "inv-big" });\nreturn [a.ok, b.ok ? "ran" : b.error.code];`;
      const result = await run(new Agent({ name: "billing", model: createScriptedModel(code), tools: [execute] }), "Refund.");
      expect(fullResult(result.newItems).result).toEqual([true, "access_denied"]);
      expect(refunds).toEqual(["inv-small"]);
      expect(asked.map((request) => request.arguments)).toEqual([{ invoiceId: "inv-big" }]);
    } finally {
      await execute.close();
    }
  });

  it("takes the SDK's own approval of the whole script: the run is interrupted, and runs after state.approve", async () => {
    const execute = createCodeModeTool({ tools: [getCustomer], needsApproval: true, poolSize: 1 });
    try {
      const agent = new Agent({ name: "crm", model: createScriptedModel(`return (await tools.get_customer({ id: "c-2" })).data.name;`), tools: [execute] });
      const first = await run(agent, "Who?");
      expect(first.interruptions).toHaveLength(1);
      expect(first.newItems.some((item) => item.type === "tool_call_output_item")).toBe(false);
      first.state.approve(first.interruptions[0]!);
      const second = await run(agent, first.state);
      expect(fullResult(second.newItems).result).toBe("Acme");
    } finally {
      await execute.close();
    }
  });

  it("leaves hosted tools out, with a warning", () => {
    const onWarning = vi.fn();
    const execute = createCodeModeTool({ tools: [getCustomer, webSearchTool()], onWarning, poolSize: 1 });
    expect(onWarning).toHaveBeenCalledWith(expect.stringContaining("hosted"));
    return execute.close();
  });
});

describe("createCodeModeTool with sessions", () => {
  it("keeps a session's variables for the next call with its id, for the owner that started it", async () => {
    const execute = createCodeModeTool({ tools: [getCustomer], sessions: {}, owner: (runContext) => (runContext.context as { userId: string }).userId, poolSize: 1 });
    try {
      // As the SDK invokes the tool: the run's context, the model's JSON input, the call's details.
      const call = (input: object, userId: string) =>
        execute.invoke(new RunContext({ userId }), JSON.stringify(input), { toolCall: { type: "function_call", callId: `s-${userId}`, name: "execute", arguments: "" } });
      const first = String(await call({ code: "var total = 40; return total;", sessionId: "new" }, "u-1"));
      const sessionId = /Session: (\S+)/.exec(first)?.[1];
      expect(sessionId).toEqual(expect.any(String));
      expect(await call({ code: "return total + 2;", sessionId }, "u-1")).toMatch(/^Result: 42/);
      expect(await call({ code: "return total;", sessionId }, "u-2")).toMatch(/SessionNotFound/);
    } finally {
      await execute.close();
    }
  });
});

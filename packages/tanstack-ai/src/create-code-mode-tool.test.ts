import type { ApprovalRequest, ExecutionEvent, ExecutionResult } from "@codemode/core";
import { chat, toolDefinition, type StreamChunk, type UIMessage } from "@tanstack/ai";
import { z } from "zod";
import { describe, expect, it, vi } from "vitest";
import { createScriptedAdapter, lastToolResult } from "./__fixtures__/scripted-adapter.js";
import { createCodeModeTool, EXECUTION_EVENT, PROGRESS_EVENT } from "./create-code-mode-tool.js";

const refunds: string[] = [];
const getCustomer = toolDefinition({
  name: "get_customer",
  description: "Look a customer up by id.",
  inputSchema: z.object({ id: z.string() }),
}).server(async ({ id }, context) => {
  context?.emitCustomEvent("crm:lookup", { id });
  return { id, name: "Acme", seenBy: (context?.context as { userId?: string } | undefined)?.userId, toolCallId: context?.toolCallId };
});
const refund = toolDefinition({
  name: "refund",
  description: "Refund an invoice.",
  inputSchema: z.object({ invoiceId: z.string() }),
  needsApproval: true,
}).server(async ({ invoiceId }) => (refunds.push(invoiceId), { refunded: invoiceId }));

async function collect(stream: AsyncIterable<StreamChunk>) {
  const chunks: StreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const execution = chunks.find((chunk) => chunk.type === "CUSTOM" && chunk.name === EXECUTION_EVENT);
  return { chunks, result: execution?.type === "CUSTOM" ? (execution.value as { result: ExecutionResult }).result : undefined };
}

describe("createCodeModeTool", () => {
  it("describes the tools in its description, and sends the model the compact view", async () => {
    const execute = createCodeModeTool({ tools: [getCustomer], namespace: "crm", poolSize: 1 });
    try {
      expect(execute.name).toBe("execute");
      expect(execute.description).toMatch(/crm[\s\S]*get_customer\(/);
      const { adapter, calls } = createScriptedAdapter(`return (await tools.crm.get_customer({ id: "c-1" })).data.name;`);
      await collect(chat({ adapter, messages: [{ role: "user", content: "Who is c-1?" }], tools: [execute] }));
      expect(lastToolResult(calls)).toEqual({ status: "completed", result: "Acme" });
    } finally {
      await execute.close();
    }
  });

  it("gives inner tools chat()'s context and tool call id, and streams their custom events", async () => {
    const execute = createCodeModeTool({ tools: [getCustomer], poolSize: 1 });
    try {
      const { adapter } = createScriptedAdapter(`return (await tools.get_customer({ id: "c-1" })).data;`);
      const { chunks, result } = await collect(
        chat({ adapter, messages: [{ role: "user", content: "Who?" }], tools: [execute], context: { userId: "u-7" } }),
      );
      expect(result?.result).toEqual({ id: "c-1", name: "Acme", seenBy: "u-7", toolCallId: "call-1" });
      expect(chunks.some((chunk) => chunk.type === "CUSTOM" && chunk.name === "crm:lookup")).toBe(true);
    } finally {
      await execute.close();
    }
  });

  it("streams the run's events while it runs: a tool waiting for its own start event in the stream returns", async () => {
    // The tool returns only once the stream's reader has seen its call start, so the run completes only if the events
    // reach chat()'s stream while the script runs; otherwise it ends at its deadline.
    let seeStart!: () => void;
    const started = new Promise<void>((resolve) => (seeStart = resolve));
    const waitForStream = toolDefinition({ name: "wait_for_stream", description: "Returns once its start is seen.", inputSchema: z.object({}) }).server(
      async () => (await started, "seen"),
    );
    const execute = createCodeModeTool({ tools: [waitForStream], poolSize: 1, limits: { timeoutMs: 20_000 } });
    try {
      const { adapter } = createScriptedAdapter(`console.log("asking");\nreturn (await tools.wait_for_stream({})).data;`);
      const events: ExecutionEvent[] = [];
      const chunks: StreamChunk[] = [];
      for await (const chunk of chat({ adapter, messages: [{ role: "user", content: "Go." }], tools: [execute] })) {
        chunks.push(chunk);
        if (chunk.type !== "CUSTOM" || chunk.name !== PROGRESS_EVENT) continue;
        const { event, toolCallId } = chunk.value as { event: ExecutionEvent; toolCallId: string };
        expect(toolCallId).toBe("call-1");
        events.push(event);
        if (event.type === "tool-call-start") seeStart();
      }
      const result = chunks.find((chunk) => chunk.type === "CUSTOM" && chunk.name === EXECUTION_EVENT);
      expect((result as { value: { result: ExecutionResult } }).value.result).toMatchObject({ status: "completed", result: "seen" });
      expect(events.filter((event) => event.type !== "logs").map((event) => event.type)).toEqual(["tool-call-start", "tool-call-end", "end"]);
      expect(events.flatMap((event) => (event.type === "logs" ? event.lines : []))).toEqual(["asking"]);
      expect(events.find((event) => event.type === "tool-call-start")).toMatchObject({ tool: "wait_for_stream" });
      // Every progress event reaches the stream before the run's result does.
      expect(chunks.findLastIndex((chunk) => chunk.type === "CUSTOM" && chunk.name === PROGRESS_EVENT)).toBeLessThan(chunks.indexOf(result!));
    } finally {
      await execute.close();
    }
  });

  it("asks approve before a tool with needsApproval runs, with chat()'s context; a no is access_denied", async () => {
    const asked: ApprovalRequest[] = [];
    const approve = vi.fn(async (request: ApprovalRequest) => (asked.push(request), (request.arguments as { invoiceId: string }).invoiceId === "inv-1"));
    const execute = createCodeModeTool({ tools: [refund], namespace: "billing", approve, poolSize: 1 });
    try {
      const code = `const a = await tools.billing.refund({ invoiceId: "inv-1" });\nconst b = await tools.billing.refund({ invoiceId: "inv-2" });\nreturn [a.ok, b.ok ? "ran" : b.error.code];`;
      const { adapter } = createScriptedAdapter(code);
      const { result } = await collect(chat({ adapter, messages: [{ role: "user", content: "Refund." }], tools: [execute], context: { userId: "u-7" } }));
      expect(result?.result).toEqual([true, "access_denied"]);
      expect(refunds).toEqual(["inv-1"]);
      expect(asked.map((request) => (request.context as { context?: unknown }).context)).toEqual([{ userId: "u-7" }, { userId: "u-7" }]);
    } finally {
      refunds.length = 0;
      await execute.close();
    }
  });

  it("takes TanStack's own approval of the whole script: nothing runs until the person's yes comes back", async () => {
    const execute = createCodeModeTool({ tools: [getCustomer], poolSize: 1 });
    const approved = { ...execute, needsApproval: true };
    try {
      const code = `return (await tools.get_customer({ id: "c-2" })).data.name;`;
      const first = createScriptedAdapter(code);
      const asked = await collect(chat({ adapter: first.adapter, messages: [{ role: "user", content: "Who?" }], tools: [approved] }));
      const request = asked.chunks.find((chunk) => chunk.type === "CUSTOM" && chunk.name === "approval-requested");
      expect(request).toBeDefined();
      expect(asked.result).toBeUndefined();
      const approvalId = ((request as { value: { approval: { id: string } } }).value).approval.id;
      const messages: UIMessage[] = [
        { id: "m1", role: "user", parts: [{ type: "text", content: "Who?" }] },
        {
          id: "m2",
          role: "assistant",
          parts: [{ type: "tool-call", id: "call-1", name: "execute", arguments: JSON.stringify({ code }), state: "approval-responded", approval: { id: approvalId, needsApproval: true, approved: true } }],
        },
      ];
      const second = createScriptedAdapter(code, (output) => JSON.stringify(output));
      const answered = await collect(chat({ adapter: second.adapter, messages, tools: [approved] }));
      expect(answered.result?.result).toBe("Acme");
    } finally {
      await execute.close();
    }
  });

  it("leaves client tools out, with a warning", () => {
    const onWarning = vi.fn();
    const clientTool = toolDefinition({ name: "pick_color", description: "Asks the user.", inputSchema: z.object({}) }).client();
    const execute = createCodeModeTool({ tools: [getCustomer, clientTool], onWarning, poolSize: 1 });
    expect(onWarning).toHaveBeenCalledWith(expect.stringContaining('"pick_color"'));
    expect(execute.description).not.toMatch(/pick_color/);
    return execute.close();
  });
});

describe("createCodeModeTool with sessions", () => {
  it("keeps a session's variables for the next call with its id, for the owner that started it", async () => {
    const execute = createCodeModeTool({ tools: [getCustomer], sessions: {}, owner: (context) => (context.context as { userId: string }).userId, poolSize: 1 });
    try {
      const call = (input: { code: string; sessionId: string }, userId: string) =>
        execute.execute!(input, { context: { userId }, emitCustomEvent: () => {}, toolCallId: "call-1" }) as Promise<{ status: string; result?: unknown; sessionId?: string }>;
      const first = await call({ code: "var total = 40; return total;", sessionId: "new" }, "u-1");
      expect(first.sessionId).toEqual(expect.any(String));
      expect((await call({ code: "return total + 2;", sessionId: first.sessionId! }, "u-1")).result).toBe(42);
      expect((await call({ code: "return total;", sessionId: first.sessionId! }, "u-2")).status).toBe("failed");
    } finally {
      await execute.close();
    }
  });
});

// The names packages/tanstack-ai/README.md leaves to the reader: two TanStack AI server tools and an offline adapter
// that calls `execute` once, then answers.
import { toolDefinition, type AnyTextAdapter, type StreamChunk, type TextOptions } from "@tanstack/ai";
import { z } from "zod";

// The run fails unless the model's script reached the tools through execute.
const asked: string[] = [];
process.on("exit", () => {
  if (asked.join() !== "cus_1") (console.error(`list_invoices saw ${JSON.stringify(asked)}`), (process.exitCode = 1));
});

export const listCustomers = toolDefinition({ name: "list_customers", description: "List every customer.", inputSchema: z.object({}) }).server(
  async () => [{ id: "cus_1", name: "Acme" }],
);

export const listInvoices = toolDefinition({
  name: "list_invoices",
  description: "List the invoices of a customer.",
  inputSchema: z.object({ customerId: z.string() }),
}).server(async ({ customerId }) => (asked.push(customerId), [{ customerId, amount: 120 }]));

const code = `const [customer] = (await tools.crm.list_customers({})).data;
return (await tools.billing.list_invoices({ customerId: customer.id })).data.length;`;

export const adapter = {
  kind: "text",
  name: "offline",
  model: "offline",
  async *chatStream(options: TextOptions): AsyncIterable<StreamChunk> {
    const base = { threadId: "t", runId: "r", model: "offline", timestamp: Date.now() };
    const answered = options.messages.some((message) => message.role === "tool");
    const chunks = answered
      ? [{ type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "One invoice.\n" }, { type: "TEXT_MESSAGE_END", messageId: "m" }, { type: "RUN_FINISHED", finishReason: "stop" }]
      : [
          { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "execute", toolName: "execute", index: 0 },
          { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: JSON.stringify({ code }) },
          { type: "TOOL_CALL_END", toolCallId: "c1", toolCallName: "execute", toolName: "execute" },
          { type: "RUN_FINISHED", finishReason: "tool_calls" },
        ];
    yield { type: "RUN_STARTED", ...base } as StreamChunk;
    for (const chunk of chunks) yield { ...base, ...chunk } as StreamChunk;
  },
  async structuredOutput() {
    throw new Error("offline");
  },
} as unknown as AnyTextAdapter;

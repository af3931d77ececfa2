// The names packages/mastra/README.md leaves to the reader: two Mastra tools and an offline model that calls
// `execute` once, then answers.
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

// The run fails unless the model's script reached the tools through execute.
const asked: string[] = [];
process.on("exit", () => {
  if (asked.join() !== "cus_1") (console.error(`list_invoices saw ${JSON.stringify(asked)}`), (process.exitCode = 1));
});

export const listCustomers = createTool({
  id: "list_customers",
  description: "List every customer.",
  inputSchema: z.object({}),
  execute: async () => [{ id: "cus_1", name: "Acme" }],
});

export const listInvoices = createTool({
  id: "list_invoices",
  description: "List the invoices of a customer.",
  inputSchema: z.object({ customerId: z.string() }),
  execute: async ({ customerId }) => (asked.push(customerId), [{ customerId, amount: 120 }]),
});

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const code = `const [customer] = (await tools.crm.list_customers({})).data;
return (await tools.billing.list_invoices({ customerId: customer.id })).data.length;`;

export const model = new MockLanguageModelV3({
  doGenerate: async ({ prompt }) =>
    prompt.some((message) => message.role === "tool")
      ? { content: [{ type: "text", text: "One invoice." }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }
      : {
          content: [{ type: "tool-call", toolCallId: "call-1", toolName: "execute", input: JSON.stringify({ code }) }],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        },
});

// The names packages/ai-sdk/README.md leaves to the reader: two AI SDK tools and an offline model that calls
// `execute` once, then answers.
import { tool, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

export const list_customers = tool({
  description: "List every customer.",
  inputSchema: z.object({}),
  execute: async () => [{ id: "cus_1", name: "Acme" }],
});

// The run fails unless the model's script reached the tools through execute.
const asked: string[] = [];
process.on("exit", () => {
  if (asked.join() !== "cus_1") (console.error(`list_invoices saw ${JSON.stringify(asked)}`), (process.exitCode = 1));
});

export const list_invoices = tool({
  description: "List the invoices of a customer.",
  inputSchema: z.object({ customerId: z.string() }),
  execute: async ({ customerId }) => (asked.push(customerId), [{ customerId, amount: 120 }]),
});

export const tools: ToolSet = { list_customers, list_invoices };

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const code = `const [customer] = (await tools.crm.list_customers({})).data;
return (await tools.billing.list_invoices({ customerId: customer.id })).data.length;`;

export const model = new MockLanguageModelV3({
  doGenerate: async ({ prompt: messages }) =>
    messages.some((message) => message.role === "tool")
      ? { content: [{ type: "text", text: "One invoice." }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }
      : {
          content: [{ type: "tool-call", toolCallId: "call-1", toolName: "execute", input: JSON.stringify({ code }) }],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        },
});

export async function confirmInUi(_tool: string, _args: unknown): Promise<boolean> {
  return true;
}

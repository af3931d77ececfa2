// The names packages/openai-agents/README.md leaves to the reader: two function tools and an offline Model that
// calls `execute` once, then answers.
import { setTracingDisabled, tool, Usage, type Model } from "@openai/agents";
import { z } from "zod";

setTracingDisabled(true);

// The run fails unless the model's script reached the tools through execute.
const asked: string[] = [];
process.on("exit", () => {
  if (asked.join() !== "cus_1") (console.error(`list_invoices saw ${JSON.stringify(asked)}`), (process.exitCode = 1));
});

export const listCustomers = tool({
  name: "list_customers",
  description: "List every customer.",
  parameters: z.object({}),
  execute: async () => [{ id: "cus_1", name: "Acme" }],
});

export const listInvoices = tool({
  name: "list_invoices",
  description: "List the invoices of a customer.",
  parameters: z.object({ customerId: z.string() }),
  execute: async ({ customerId }) => (asked.push(customerId), [{ customerId, amount: 120 }]),
});

const code = `const [customer] = (await tools.crm.list_customers({})).data;
return (await tools.billing.list_invoices({ customerId: customer.id })).data.length;`;

export const model: Model = {
  async getResponse(request) {
    const answered = Array.isArray(request.input) && request.input.some((item) => item.type === "function_call_result");
    const output = answered
      ? [{ type: "message" as const, role: "assistant" as const, status: "completed" as const, content: [{ type: "output_text" as const, text: "One invoice." }] }]
      : [{ type: "function_call" as const, callId: "call-1", name: "execute", arguments: JSON.stringify({ code }), status: "completed" as const }];
    return { usage: new Usage(), output };
  },
  // eslint-disable-next-line require-yield
  async *getStreamedResponse() {
    throw new Error("offline");
  },
};

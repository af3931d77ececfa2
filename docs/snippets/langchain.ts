// The names packages/langchain/README.md leaves to the reader: LangChain tools and an offline model that calls
// `execute` once, then answers.
import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { z } from "zod";

export const listCustomers = tool(async () => [{ id: "cus_1", name: "Acme" }], {
  name: "list_customers",
  description: "List every customer.",
  schema: z.object({}),
});

// The run fails unless the model's script reached the tools through execute.
const asked: string[] = [];
process.on("exit", () => {
  if (asked.join() !== "cus_1") (console.error(`list_invoices saw ${JSON.stringify(asked)}`), (process.exitCode = 1));
});

export const listInvoices = tool(async ({ customerId }) => (asked.push(customerId), [{ customerId, cents: 12_000 }]), {
  name: "list_invoices",
  description: "List the invoices of a customer.",
  schema: z.object({ customerId: z.string() }),
});

export const refund = tool(async ({ cents }) => ({ refunded: cents }), {
  name: "refund",
  description: "Refund an amount in cents.",
  schema: z.object({ cents: z.number().int() }),
});

const code = `const [customer] = (await tools.crm.list_customers({})).data;
return (await tools.billing.list_invoices({ customerId: customer.id })).data.length;`;

export const model = fakeModel()
  .respondWithTools([{ name: "execute", args: { code }, id: "call_1" }])
  .respond(new AIMessage("One invoice."));

export async function askSomeone(_tool: string, _args: unknown, _options: { signal: AbortSignal }): Promise<boolean> {
  return true;
}

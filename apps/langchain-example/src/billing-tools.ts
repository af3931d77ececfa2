// The tools an agent already has: ordinary LangChain tools over a small CRM and billing system.
import { tool } from "@langchain/core/tools";
import { z } from "zod";

const customers = [
  { id: "cus_01", name: "Acme Corp", annualRevenue: 4_200_000 },
  { id: "cus_02", name: "Globex", annualRevenue: 9_800_000 },
  { id: "cus_03", name: "Initech", annualRevenue: 1_100_000 },
  { id: "cus_04", name: "Umbrella", annualRevenue: 12_500_000 },
  { id: "cus_05", name: "Hooli", annualRevenue: 7_300_000 },
  { id: "cus_06", name: "Stark Industries", annualRevenue: 5_400_000 },
];

const invoices = [
  { id: "inv_1001", customerId: "cus_01", amount: 3400, status: "unpaid" },
  { id: "inv_1002", customerId: "cus_02", amount: 8000, status: "unpaid" },
  { id: "inv_1003", customerId: "cus_02", amount: 2500, status: "paid" },
  { id: "inv_1004", customerId: "cus_02", amount: 1750, status: "unpaid" },
  { id: "inv_1005", customerId: "cus_03", amount: 900, status: "unpaid" },
  { id: "inv_1006", customerId: "cus_04", amount: 15000, status: "paid" },
  { id: "inv_1007", customerId: "cus_04", amount: 4200, status: "unpaid" },
  { id: "inv_1008", customerId: "cus_04", amount: 600, status: "unpaid" },
  { id: "inv_1009", customerId: "cus_05", amount: 5100, status: "unpaid" },
  { id: "inv_1010", customerId: "cus_05", amount: 2200, status: "paid" },
  { id: "inv_1011", customerId: "cus_06", amount: 7700, status: "unpaid" },
];

/** Lists every customer with its yearly revenue. */
export const listCustomers = tool(async () => customers, {
  name: "list_customers",
  description: "List every customer with id, name and annual revenue in US dollars.",
  schema: z.object({}),
});

/** Lists invoices, as JSON text (the way many LangChain tools answer a model). */
export const listInvoices = tool(
  async ({ customerId, status }) =>
    JSON.stringify(
      invoices.filter(
        (invoice) => invoice.customerId === customerId && (status === undefined || invoice.status === status),
      ),
    ),
  {
    name: "list_invoices",
    description: "List the invoices of one customer (amounts in whole US dollars), optionally of one status.",
    schema: z.object({
      customerId: z.string().describe("A customer id such as cus_01."),
      status: z.enum(["paid", "unpaid"]).optional(),
    }),
  },
);

/** Refunds a paid invoice: it moves money, so run-agent.ts makes every call wait for an approval. */
export const refundInvoice = tool(
  async ({ invoiceId, amount }) => {
    const invoice = invoices.find((candidate) => candidate.id === invoiceId);
    if (invoice?.status !== "paid") throw new Error(`Invoice ${invoiceId} is not a paid invoice.`);
    if (amount > invoice.amount) throw new Error(`Invoice ${invoiceId} was for $${invoice.amount}, less than $${amount}.`);
    return { refundId: `re_${invoiceId}`, invoiceId, amount };
  },
  {
    name: "refund_invoice",
    description: "Refund a paid invoice to its customer, in whole US dollars; returns the refund's id.",
    schema: z.object({ invoiceId: z.string(), amount: z.number().int().positive() }),
  },
);

/** The tools of the example and the namespace each one gets in scripts. */
export const billingTools = [listCustomers, listInvoices, refundInvoice];
export const namespaces = { list_customers: "crm", list_invoices: "billing", refund_invoice: "billing" };

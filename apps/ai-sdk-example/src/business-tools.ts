// The tools an application already has, written the usual AI SDK way; code mode reaches them all from one script.
import { tool } from "ai";
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
  { id: "inv_1010", customerId: "cus_06", amount: 7700, status: "unpaid" },
] as const;

/** The application's AI SDK tools: a CRM and a billing system. */
export const businessTools = {
  list_customers: tool({
    description: "List every customer with id, name and annual revenue in US dollars.",
    inputSchema: z.object({}),
    execute: async () => customers,
  }),
  list_invoices: tool({
    description: "List a customer's invoices (amounts in US dollars), optionally only paid or unpaid ones.",
    inputSchema: z.object({ customerId: z.string(), status: z.enum(["paid", "unpaid"]).optional() }),
    execute: async ({ customerId, status }) =>
      invoices.filter((invoice) => invoice.customerId === customerId && (!status || invoice.status === status)),
  }),
};

/** Refunds made, in this process: the example's check that a refund ran once, and only when approved. */
export const refunds: { invoiceId: string; amount: number }[] = [];

/** A refund moves money, so it needs a person's approval (`needsApproval`, as for any AI SDK tool). */
export const refundInvoice = tool({
  description: "Refund a paid invoice to its customer, in US dollars; returns the refund's id.",
  inputSchema: z.object({ invoiceId: z.string(), amount: z.number().positive() }),
  needsApproval: true,
  execute: async ({ invoiceId, amount }) => {
    const invoice = invoices.find((candidate) => candidate.id === invoiceId);
    if (invoice?.status !== "paid") throw new Error(`Invoice ${invoiceId} is not a paid invoice.`);
    refunds.push({ invoiceId, amount });
    return { refundId: `re_${invoiceId}`, invoiceId, amount };
  },
});

/** Which namespace each tool lives in, so the script calls `tools.crm.list_customers`. */
export const namespaces = { list_customers: "crm", list_invoices: "billing", refund_invoice: "billing" };

// The tools the check corpus is written against, each set as its source had it, with a count of the calls that ran.
import { z } from "zod";
import { defineTool, type ToolDefinition, type ToolSchema } from "../../tools/index.js";

/** The calls that ran, by tool name: a refused script leaves it empty. */
export interface CallLog {
  calls: string[];
}

const invoice = z.object({ id: z.string(), customer_id: z.string(), amount_cents: z.number().int(), status: z.enum(["open", "paid", "void"]) });
const INVOICES = Array.from({ length: 250 }, (_, index) => ({
  id: `inv_${index + 1}`,
  customer_id: `cus_${(index % 7) + 1}`,
  amount_cents: 1000 + index * 10,
  status: (["open", "paid", "void"] as const)[index % 3]!,
}));

/**
 * The four typed tools of the issue that asked for the check, as a user writes them with zod: list invoices (paged),
 * refund (a strict object: no other argument), get customer, create ticket.
 */
function issueTools(log: CallLog): ToolDefinition[] {
  const ran = (name: string) => log.calls.push(name);
  return [
    defineTool({
      name: "billing.list_invoices",
      description: "List invoices, 100 to a page; pass next_cursor back as cursor for the next page.",
      inputSchema: z.object({
        customer_id: z.string().optional(),
        status: z.enum(["open", "paid", "void"]).optional(),
        cursor: z.string().optional(),
        limit: z.number().int().min(1).max(100).optional(),
      }),
      outputSchema: z.object({ invoices: z.array(invoice), next_cursor: z.string().nullable() }),
      execute: ({ customer_id, status, cursor, limit = 100 }) => {
        ran("billing.list_invoices");
        const matching = INVOICES.filter((row) => (!customer_id || row.customer_id === customer_id) && (!status || row.status === status));
        const start = cursor ? Number(cursor) : 0;
        const end = start + limit;
        return { invoices: matching.slice(start, end), next_cursor: end < matching.length ? String(end) : null };
      },
    }),
    defineTool({
      name: "billing.refund",
      description: "Refund an invoice, in full or in part.",
      inputSchema: z.strictObject({ invoice_id: z.string(), amount_cents: z.number().int().positive().optional(), reason: z.string().optional() }),
      outputSchema: z.object({ refund_id: z.string(), invoice_id: z.string(), amount_cents: z.number() }),
      execute: ({ invoice_id, amount_cents }) => {
        ran("billing.refund");
        return { refund_id: `re_${invoice_id}`, invoice_id, amount_cents: amount_cents ?? 1000 };
      },
    }),
    defineTool({
      name: "crm.get_customer",
      description: "Get one customer by id.",
      inputSchema: z.object({ id: z.string() }),
      outputSchema: z.object({ id: z.string(), name: z.string(), email: z.string(), tier: z.enum(["free", "pro", "enterprise"]) }),
      execute: ({ id }) => {
        ran("crm.get_customer");
        return { id, name: `Customer ${id}`, email: `${id}@example.com`, tier: "pro" as const };
      },
    }),
    defineTool({
      name: "support.create_ticket",
      description: "Open a support ticket for a customer.",
      inputSchema: z.object({ customer_id: z.string(), subject: z.string(), priority: z.enum(["low", "normal", "high"]).optional() }),
      outputSchema: z.object({ ticket_id: z.string() }),
      execute: ({ customer_id }) => {
        ran("support.create_ticket");
        return { ticket_id: `t_${customer_id}` };
      },
    }),
  ];
}

/** The README's paging tool, and the gateway demo's: JSON Schema input, no output schema (results are untyped). */
function pagingTools(log: CallLog): ToolDefinition[] {
  return [
    {
      name: "billing.list_invoices",
      description: "List invoices, 100 to a page.",
      inputSchema: { type: "object", properties: { cursor: { type: "string" } } },
      execute: ({ cursor }: { cursor?: string }) => {
        log.calls.push("billing.list_invoices");
        const start = cursor ? Number(cursor) : 0;
        const page = INVOICES.slice(start, start + 100).map((row) => ({ ...row, amount: row.amount_cents / 100 }));
        const next = start + 100 < INVOICES.length ? String(start + 100) : null;
        return { invoices: page, nextCursor: next, next_cursor: next };
      },
    },
  ];
}

const CUSTOMERS = [
  { id: "cus_01", name: "Acme Corp", annualRevenue: 4_200_000 },
  { id: "cus_02", name: "Globex", annualRevenue: 9_800_000 },
  { id: "cus_04", name: "Umbrella", annualRevenue: 12_500_000 },
];

/** The example apps' tools (AI SDK and LangChain): zod inputs, untyped results, as the AI SDK's `tool()` gives them. */
function appTools(log: CallLog): ToolDefinition[] {
  return [
    defineTool({
      name: "crm.list_customers",
      description: "List every customer with id, name and annual revenue in US dollars.",
      inputSchema: z.object({}),
      execute: () => (log.calls.push("crm.list_customers"), CUSTOMERS),
    }),
    defineTool({
      name: "billing.list_invoices",
      description: "List a customer's invoices, optionally only paid or unpaid ones.",
      inputSchema: z.object({ customerId: z.string(), status: z.enum(["paid", "unpaid"]).optional() }),
      execute: ({ customerId, status }) => {
        log.calls.push("billing.list_invoices");
        return [{ id: `inv_${customerId}`, customerId, amount: 2500, status: status ?? "paid" }];
      },
    }),
    defineTool({
      name: "billing.refund_invoice",
      description: "Refund a paid invoice to its customer, in US dollars.",
      inputSchema: z.object({ invoiceId: z.string(), amount: z.number().positive() }),
      execute: ({ invoiceId, amount }) => (log.calls.push("billing.refund_invoice"), { refundId: `re_${invoiceId}`, invoiceId, amount }),
    }),
  ];
}

/** The token and engine benchmarks' tools, and the sessions guide's CRM search: zod inputs, untyped results. */
function benchTools(log: CallLog): ToolDefinition[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool's arguments are its schema's, checked at call time
  const tool = (name: string, inputSchema: ToolSchema, execute: (args: any) => unknown): ToolDefinition =>
    defineTool({ name, description: name, inputSchema, execute: async (args) => (log.calls.push(name), execute(args)) });
  return [
    tool("crm.find_customer", z.object({ query: z.string() }), ({ query }) => ({ customers: [{ id: "cus_0042", name: `${query} Inc`, tier: "gold" }] })),
    tool("crm.search", z.object({ q: z.string() }), ({ q }) => [{ id: "cus_1", name: `${q} corp` }]),
    tool("support.recent_tickets", z.object({ customerId: z.string() }), () => ({ tickets: [{ id: "t1", status: "open" }, { id: "t2", status: "closed" }] })),
    tool("support.create_ticket", z.object({ customerId: z.string(), subject: z.string(), priority: z.enum(["low", "normal", "high"]), body: z.string() }), () => ({ id: "t3" })),
    tool("billing.current_plan", z.object({ customerId: z.string() }), () => ({ name: "Enterprise" })),
    tool("billing.list_invoices", z.object({ cursor: z.string().optional() }), ({ cursor }) => {
      const start = cursor ? Number(cursor.slice("page_".length)) : 0;
      return { invoices: INVOICES.slice(start, start + 100).map((row) => ({ ...row, amount: 10 })), next_cursor: start + 100 < INVOICES.length ? `page_${start + 100}` : null };
    }),
    tool("docs.get_document", z.object({ id: z.string() }), ({ id }) => `# ${id}\nRefunds take 5 days.\nERROR disk full\nok`),
    tool("bench.echo", z.object({ i: z.number() }), (args) => args),
    defineTool({
      name: "bench.sleep",
      description: "Wait, then echo.",
      inputSchema: z.object({ i: z.number(), ms: z.number() }),
      outputSchema: z.object({ i: z.number() }),
      execute: async ({ i, ms }) => (log.calls.push("bench.sleep"), await new Promise((resolve) => setTimeout(resolve, ms)), { i }),
    }),
  ];
}

/** The tool sets a corpus script names. */
export const TOOL_SETS = { issue: issueTools, paging: pagingTools, apps: appTools, bench: benchTools } as const;

/** A tool set's name. */
export type ToolSetName = keyof typeof TOOL_SETS;

// The demo billing server: invoices come 100 to a page behind a cursor, which is where code mode pays off.
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";
import { CUSTOMERS, INVOICE_PAGE_SIZE, createInvoices } from "./demo-data.js";

const invoices = createInvoices();

const invoice = z.object({
  id: z.string(),
  customerId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(["paid", "open", "overdue"]),
  issuedOn: z.string(),
});

/** The billing server: one instance per connection, over the data above. */
function createBillingServer(): McpServer {
  const server = new McpServer({ name: "billing", version: "1.0.0" });

  server.registerTool(
    "list_invoices",
    {
      description: `List invoices, ${INVOICE_PAGE_SIZE} to a page, oldest first. Pass the previous page's nextCursor to get the next page; the last page has none.`,
      inputSchema: { cursor: z.string().optional().describe("nextCursor from the previous page"), status: z.enum(["paid", "open", "overdue"]).optional() },
      outputSchema: { invoices: z.array(invoice), nextCursor: z.string().optional() },
      annotations: { readOnlyHint: true },
    },
    async ({ cursor, status }) => {
      const filtered = status ? invoices.filter((item) => item.status === status) : invoices;
      const offset = cursor ? Number.parseInt(Buffer.from(cursor, "base64url").toString(), 10) : 0;
      if (!Number.isInteger(offset) || offset < 0) throw new Error(`Invalid cursor "${cursor}".`);
      const page = filtered.slice(offset, offset + INVOICE_PAGE_SIZE);
      const next = offset + INVOICE_PAGE_SIZE < filtered.length ? Buffer.from(String(offset + INVOICE_PAGE_SIZE)).toString("base64url") : undefined;
      const structuredContent = { invoices: page, ...(next ? { nextCursor: next } : {}) };
      return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );

  server.registerTool(
    "current_plan",
    {
      description: "The billing plan a customer is on.",
      inputSchema: { customerId: z.string() },
      outputSchema: { customerId: z.string(), plan: z.enum(["starter", "team", "enterprise"]), seats: z.number().int(), renewsOn: z.string() },
      annotations: { readOnlyHint: true },
    },
    async ({ customerId }) => {
      const index = CUSTOMERS.findIndex((customer) => customer.id === customerId);
      if (index === -1) return { content: [{ type: "text", text: `No customer ${customerId}.` }], isError: true };
      const plan = (["starter", "team", "enterprise"] as const)[index % 3] ?? "starter";
      const structuredContent = { customerId, plan, seats: 5 + (index % 7) * 10, renewsOn: `2027-0${1 + (index % 9)}-01` };
      return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );
  return server;
}

// serveStdio answers a 2026-07-28 client (no initialize; each request carries its version) and a 2025-era one
// (initialize, then a session) from the same definition.
serveStdio(createBillingServer);

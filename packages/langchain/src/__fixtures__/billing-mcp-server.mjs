// A tiny MCP server over stdio for the adapter's end-to-end tests: structured, text, image and failing results.
// On SDK v2: serveStdio answers @langchain/mcp-adapters, whose client opens with initialize (2025-11-25), and
// 2026-07-28 clients alike.
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

const invoices = [
  { id: "inv_1", customerId: "cus_1", amount: 1200, status: "unpaid" },
  { id: "inv_2", customerId: "cus_1", amount: 300, status: "paid" },
  { id: "inv_3", customerId: "cus_2", amount: 4500, status: "unpaid" },
];

function createBillingServer() {
  const server = new McpServer({ name: "billing", version: "1.0.0" });

  server.registerTool(
    "list_invoices",
    {
      description: "List invoices of one customer.",
      annotations: { readOnlyHint: true },
      inputSchema: { customerId: z.string() },
      outputSchema: {
        invoices: z.array(z.object({ id: z.string(), customerId: z.string(), amount: z.number(), status: z.string() })),
      },
    },
    async ({ customerId }) => {
      const structuredContent = { invoices: invoices.filter((invoice) => invoice.customerId === customerId) };
      return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );

  server.registerTool(
    "customer_name",
    { description: "The name of a customer, as plain text.", inputSchema: { customerId: z.string() } },
    async ({ customerId }) => ({ content: [{ type: "text", text: customerId === "cus_1" ? "Acme Corp" : "Globex" }] }),
  );

  server.registerTool(
    "invoice_chart",
    { description: "A chart of invoices: a caption and an image.", inputSchema: {} },
    async () => ({
      content: [
        { type: "text", text: "3 invoices" },
        { type: "image", data: Buffer.from("not really a png").toString("base64"), mimeType: "image/png" },
      ],
    }),
  );

  server.registerTool(
    "void_invoice",
    { description: "Void an invoice; paid invoices cannot be voided.", inputSchema: { id: z.string() } },
    async ({ id }) => ({ isError: true, content: [{ type: "text", text: `Invoice ${id} is paid and cannot be voided.` }] }),
  );

  return server;
}

serveStdio(createBillingServer);

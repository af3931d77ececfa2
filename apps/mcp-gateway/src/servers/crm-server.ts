// The demo CRM server: customers looked up by email or id.
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";
import { CUSTOMERS } from "./demo-data.js";

const customer = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** The crm server: one instance per connection, over the data above. */
function createCrmServer(): McpServer {
  const server = new McpServer({ name: "crm", version: "1.0.0" });

  server.registerTool(
    "find_customer",
    {
      description: "Find a customer by exact email or by (part of) the company name.",
      inputSchema: { email: z.string().optional(), name: z.string().optional() },
      outputSchema: { customers: z.array(customer) },
      annotations: { readOnlyHint: true },
    },
    async ({ email, name }) => {
      const needle = name?.toLowerCase();
      const customers = CUSTOMERS.filter(
        (item) => (email === undefined || item.email === email) && (needle === undefined || item.name.toLowerCase().includes(needle)),
      );
      return { content: [{ type: "text", text: JSON.stringify({ customers }) }], structuredContent: { customers } };
    },
  );
  return server;
}

// serveStdio answers a 2026-07-28 client (no initialize; each request carries its version) and a 2025-era one
// (initialize, then a session) from the same definition.
serveStdio(createCrmServer);

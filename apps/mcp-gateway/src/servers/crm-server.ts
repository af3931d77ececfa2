// The demo CRM server: customers looked up by email or id.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { CUSTOMERS } from "./demo-data.js";

const server = new McpServer({ name: "crm", version: "1.0.0" });
const customer = z.object({ id: z.string(), name: z.string(), email: z.string() });

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

await server.connect(new StdioServerTransport());

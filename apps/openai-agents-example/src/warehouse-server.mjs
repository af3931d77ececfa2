// The warehouse's MCP server (stdio): units in stock per product and site, with structured content.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const units = { "LAMP-1": { berlin: 12, lisbon: 30 }, "DESK-2": { berlin: 4, lisbon: 0 }, "CHAIR-3": { berlin: 7, lisbon: 2 } };
const server = new McpServer({ name: "warehouse", version: "1.0.0" });
server.registerTool(
  "stock",
  { description: "Units of a product in stock at a site.", inputSchema: { sku: z.string(), site: z.enum(["berlin", "lisbon"]) } },
  async ({ sku, site }) => {
    const count = units[sku]?.[site];
    if (count === undefined) return { content: [{ type: "text", text: `No product ${sku}.` }], isError: true };
    return { content: [{ type: "text", text: `${count} units` }], structuredContent: { sku, site, units: count } };
  },
);
await server.connect(new StdioServerTransport());

// A small stdio MCP server (real SDK) whose tools carry annotations, for the gateway's approval tests.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const records = new Map([["r1", "first"], ["r2", "second"]]);
const server = new McpServer({ name: "records", version: "1.0.0" });
const text = (value) => ({ content: [{ type: "text", text: JSON.stringify(value) }] });

server.registerTool(
  "list_records",
  { description: "List the records.", inputSchema: {}, annotations: { readOnlyHint: true } },
  async () => text([...records.keys()]),
);
server.registerTool(
  "delete_record",
  { description: "Delete a record for good.", inputSchema: { id: z.string() }, annotations: { destructiveHint: true } },
  async ({ id }) => text({ deleted: records.delete(id) }),
);
server.registerTool(
  "purge_cache",
  { description: "Empty the cache.", inputSchema: {}, annotations: { destructiveHint: false } },
  async () => text({ purged: true }),
);

await server.connect(new StdioServerTransport());

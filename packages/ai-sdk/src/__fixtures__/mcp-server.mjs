// A real MCP server over stdio for the adapter's end-to-end test.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "fixture", version: "1.0.0" });

server.registerTool(
  "add",
  {
    description: "Add two numbers.",
    inputSchema: { a: z.number(), b: z.number() },
    outputSchema: { sum: z.number() },
    annotations: { readOnlyHint: true },
  },
  async ({ a, b }) => ({
    content: [{ type: "text", text: JSON.stringify({ sum: a + b }) }],
    structuredContent: { sum: a + b },
  })
);
server.registerTool(
  "greet",
  { description: "Greet someone by name.", inputSchema: { name: z.string() } },
  async ({ name }) => ({
    content: [
      { type: "text", text: `Hello, ${name}!` },
      { type: "image", data: "AA==", mimeType: "image/png" },
    ],
  })
);
server.registerTool("explode", { description: "Always fails.", inputSchema: {} }, async () => {
  throw new Error("The reactor is offline.");
});

await server.connect(new StdioServerTransport());

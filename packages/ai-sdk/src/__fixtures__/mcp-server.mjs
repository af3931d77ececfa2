// A real MCP server over stdio for the adapter's end-to-end test, on SDK v2: serveStdio answers the AI SDK's MCP
// client, which opens with initialize (2025-11-25), and 2026-07-28 clients alike.
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

function createFixtureServer() {
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

  return server;
}

serveStdio(createFixtureServer);

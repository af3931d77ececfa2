// A Streamable HTTP MCP server for the gateway's HTTP fault tests: a stateless session per request.
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

function createMcpServer() {
  const server = new McpServer({ name: "fault-http", version: "1.0.0" });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: "text", text: `echo: ${text}` }] }));
  server.registerTool("huge", { inputSchema: { mb: z.number() } }, async ({ mb }) => ({
    content: [{ type: "text", text: "x".repeat(Math.round(mb * 1024 * 1024)) }],
  }));
  return server;
}

const http = createServer(async (request, response) => {
  const server = createMcpServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: process.env.JSON_RESPONSE === "1" });
  response.on("close", () => void server.close());
  await server.connect(transport);
  await transport.handleRequest(request, response);
});
http.listen(Number(process.env.PORT), "127.0.0.1", () => process.stderr.write(`fault-http listening on ${process.env.PORT}\n`));

// A real MCP server over stdio that answers each of MCP_RESULT_CASES' tools with the case's result, as it stands.
import { MCP_RESULT_CASES } from "@codemode/core/testing";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "cases", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: MCP_RESULT_CASES.map(({ name, description }) => ({ name, description, inputSchema: { type: "object" } })),
}));
server.setRequestHandler(CallToolRequestSchema, ({ params }) => MCP_RESULT_CASES.find((entry) => entry.name === params.name).result);
await server.connect(new StdioServerTransport());

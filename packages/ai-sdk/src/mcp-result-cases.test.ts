import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import type { ExecutionResult } from "@codemode/core";
import { MCP_RESULT_CASES } from "@codemode/core/testing";
import { InMemoryTransport, Server, type CallToolResult } from "@modelcontextprotocol/server";
import { tool, type ToolSet } from "ai";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";

// A real MCP server that answers each case's tool with the case's result, as it stands.
function createCaseServer(): Server {
  const server = new Server({ name: "cases", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({
    tools: MCP_RESULT_CASES.map(({ name, description }) => ({ name, description, inputSchema: { type: "object" as const } })),
  }));
  server.setRequestHandler("tools/call", ({ params }) => MCP_RESULT_CASES.find((entry) => entry.name === params.name)!.result as CallToolResult);
  return server;
}

const run = (execute: CodeModeTool, code: string) =>
  execute.execute!({ code }, { toolCallId: "call-1", messages: [] }) as Promise<ExecutionResult>;

describe("MCP results through the AI SDK adapter", () => {
  let client: MCPClient;
  let fromClient: CodeModeTool;
  let fromTools: CodeModeTool;

  beforeAll(async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createCaseServer().connect(serverSide);
    client = await createMCPClient({ transport: clientSide });
    fromClient = createCodeModeTool({ tools: await client.tools(), namespace: "cases", poolSize: 1 });
    // The same results returned by plain AI SDK tools, as any tool wrapping an MCP call would return them.
    const tools: ToolSet = Object.fromEntries(
      MCP_RESULT_CASES.map((entry) => [entry.name, tool({ inputSchema: z.object({}), execute: async () => entry.result })]),
    );
    fromTools = createCodeModeTool({ tools, poolSize: 1 });
  });
  afterAll(async () => {
    await Promise.all([fromClient?.close(), fromTools?.close()]);
    await client?.close();
  });

  for (const entry of MCP_RESULT_CASES) {
    it(`gives the script the shared value from an @ai-sdk/mcp tool: ${entry.description}`, async () => {
      const { result } = await run(fromClient, `return await tools.cases.${entry.name}({});`);
      expect(result).toEqual(entry.expected);
    });

    it(`gives the script the shared value from a tool returning a CallToolResult: ${entry.description}`, async () => {
      const { result } = await run(fromTools, `return await tools.${entry.name}({});`);
      expect(result).toEqual(entry.expected);
    });
  }
});

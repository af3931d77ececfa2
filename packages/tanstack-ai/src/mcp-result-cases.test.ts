import type { ExecutionResult } from "@codemode/core";
import { MCP_RESULT_CASES } from "@codemode/core/testing";
import { chat, toolDefinition, type StreamChunk } from "@tanstack/ai";
import { createMCPClientFromTransport, InMemoryTransport, type MCPClient } from "@tanstack/ai-mcp";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScriptedAdapter } from "./__fixtures__/scripted-adapter.js";
import { createCodeModeTool, EXECUTION_EVENT, type CodeModeTool } from "./create-code-mode-tool.js";
import { loadMcpTools } from "./load-mcp-tools.js";

// A real MCP server that answers each case's tool with the case's result, as it stands.
function createCaseServer(): Server {
  const server = new Server({ name: "cases", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: MCP_RESULT_CASES.map(({ name, description }) => ({ name, description, inputSchema: { type: "object" as const } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => MCP_RESULT_CASES.find((entry) => entry.name === params.name)!.result);
  return server;
}

/** Runs a script through chat(), as a model's tool call, and returns the run's full result. */
async function run(execute: CodeModeTool, code: string): Promise<ExecutionResult> {
  const { adapter } = createScriptedAdapter(code);
  for await (const chunk of chat({ adapter, messages: [{ role: "user", content: "Run it." }], tools: [execute] }) as AsyncIterable<StreamChunk>) {
    if (chunk.type === "CUSTOM" && chunk.name === EXECUTION_EVENT) return (chunk.value as { result: ExecutionResult }).result;
  }
  throw new Error("chat() ran no execute call.");
}

describe("MCP results through the TanStack AI adapter", () => {
  let client: MCPClient;
  let fromClient: CodeModeTool;
  let fromTools: CodeModeTool;

  beforeAll(async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createCaseServer().connect(serverSide);
    client = await createMCPClientFromTransport(clientSide);
    fromClient = createCodeModeTool({ tools: await loadMcpTools(client), namespace: "cases", poolSize: 1 });
    // The same results returned by plain server tools, as any tool wrapping an MCP call would return them.
    const tools = MCP_RESULT_CASES.map((entry) =>
      toolDefinition({ name: entry.name, description: entry.description, inputSchema: z.object({}) }).server(async () => entry.result),
    );
    fromTools = createCodeModeTool({ tools, poolSize: 1 });
  });
  afterAll(async () => {
    await Promise.all([fromClient?.close(), fromTools?.close()]);
    await client?.close();
  });

  for (const entry of MCP_RESULT_CASES) {
    it(`gives the script the shared value from an @tanstack/ai-mcp client: ${entry.description}`, async () => {
      const { result } = await run(fromClient, `return await tools.cases.${entry.name}({});`);
      expect(result).toEqual(entry.expected);
    });

    it(`gives the script the shared value from a server tool returning a CallToolResult: ${entry.description}`, async () => {
      const { result } = await run(fromTools, `return await tools.${entry.name}({});`);
      expect(result).toEqual(entry.expected);
    });
  }
});

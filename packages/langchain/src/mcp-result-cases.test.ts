import type { ExecutionResult } from "@codemode/core";
import { MCP_RESULT_CASES } from "@codemode/core/testing";
import type { ToolMessage } from "@langchain/core/messages";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";

// A real MCP server that answers each case's tool with the case's result, as it stands. Client and server are SDK 1.x:
// @langchain/mcp-adapters' loadMcpTools takes that SDK's Client, so this is the path LangChain users have.
function createCaseServer(): Server {
  const server = new Server({ name: "cases", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: MCP_RESULT_CASES.map(({ name, description }) => ({ name, description, inputSchema: { type: "object" as const } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => MCP_RESULT_CASES.find((entry) => entry.name === params.name)!.result);
  return server;
}

describe("MCP results through the LangChain adapter", () => {
  let client: Client;
  const executes: CodeModeTool[] = [];

  beforeAll(async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createCaseServer().connect(serverSide);
    client = new Client({ name: "cases-client", version: "1.0.0" });
    await client.connect(clientSide);
    // The tools as @langchain/mcp-adapters makes them (content_and_artifact), in both of its content formats.
    for (const useStandardContentBlocks of [false, true]) {
      const tools = await loadMcpTools("cases", client, { useStandardContentBlocks });
      executes.push(createCodeModeTool({ tools, namespace: "cases", poolSize: 1 }));
    }
  });
  afterAll(async () => {
    await Promise.all(executes.map((execute) => execute.close()));
    await client?.close();
  });

  async function run(execute: CodeModeTool, code: string): Promise<ExecutionResult> {
    const message = await execute.invoke({ type: "tool_call", id: "call_1", name: "execute", args: { code } });
    return (message as ToolMessage).artifact as ExecutionResult;
  }

  for (const entry of MCP_RESULT_CASES) {
    it(`gives the script the shared value: ${entry.description}`, async () => {
      for (const execute of executes) {
        const { result } = await run(execute, `return await tools.cases.${entry.name}({});`);
        expect(result).toEqual(entry.expected);
      }
    });
  }
});

import type { ExecutionResult } from "@codemode/core";
import { MCP_RESULT_CASES } from "@codemode/core/testing";
import { MCP_CASES_SERVER } from "@codemode/mcp-fixtures";
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { MCPClient } from "@mastra/mcp";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScriptedModel } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";


/** Runs a script through an Agent, as a model's tool call, and returns the run's full result. */
async function run(execute: CodeModeTool, code: string): Promise<ExecutionResult> {
  const agent = new Agent({ id: "cases", name: "cases", instructions: "Run scripts.", model: createScriptedModel(code), tools: { execute } });
  const output = await agent.generate("Run it.", { maxSteps: 2 });
  return (output.toolResults[0] as { payload: { result: ExecutionResult } }).payload.result;
}

describe("MCP results through the Mastra adapter", () => {
  let client: MCPClient;
  let fromClient: CodeModeTool;
  let fromTools: CodeModeTool;

  beforeAll(async () => {
    // A real stdio MCP server through @mastra/mcp's client, the way a Mastra app reaches one.
    client = new MCPClient({ id: `cases-${process.pid}`, servers: { cases: { command: process.execPath, args: [MCP_CASES_SERVER] } } });
    const listed = await client.listToolsets();
    fromClient = createCodeModeTool({ tools: listed.cases!, namespace: "cases", poolSize: 1 });
    // The same results returned by plain Mastra tools, as any tool wrapping an MCP call would return them.
    const tools = Object.fromEntries(
      MCP_RESULT_CASES.map((entry) => [entry.name, createTool({ id: entry.name, description: entry.description, inputSchema: z.object({}), execute: async () => entry.result })]),
    );
    fromTools = createCodeModeTool({ tools, poolSize: 1 });
  });
  afterAll(async () => {
    await Promise.all([fromClient?.close(), fromTools?.close()]);
    await client?.disconnect();
  });

  for (const entry of MCP_RESULT_CASES) {
    it(`gives the script the shared value from an @mastra/mcp tool: ${entry.description}`, async () => {
      const { result } = await run(fromClient, `return await tools.cases.${entry.name}({});`);
      expect(result).toEqual(entry.expected);
    });

    it(`gives the script the shared value from a tool returning a CallToolResult: ${entry.description}`, async () => {
      const { result } = await run(fromTools, `return await tools.${entry.name}({});`);
      expect(result).toEqual(entry.expected);
    });
  }
});

import type { ExecutionResult } from "@codemode/core";
import { MCP_RESULT_CASES } from "@codemode/core/testing";
import { MCP_CASES_SERVER } from "@codemode/mcp-fixtures";
import { Agent, MCPServerStdio, run, setTracingDisabled, tool, type RunToolCallOutputItem } from "@openai/agents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScriptedModel } from "./__fixtures__/scripted-model.js";
import { createCodeModeTool, type CodeModeTool } from "./create-code-mode-tool.js";
import { loadMcpTools } from "./load-mcp-tools.js";

setTracingDisabled(true);

/** Runs a script through run(), as a model's function call, and returns the run's full result. */
async function runScript(execute: CodeModeTool, code: string): Promise<ExecutionResult> {
  const agent = new Agent({ name: "cases", instructions: "Run scripts.", model: createScriptedModel(code), tools: [execute] });
  const result = await run(agent, "Run it.", { maxTurns: 3 });
  const item = result.newItems.find((candidate) => candidate.type === "tool_call_output_item") as RunToolCallOutputItem;
  return (item.customData as { result: ExecutionResult }).result;
}

describe("MCP results through the OpenAI Agents adapter", () => {
  let server: MCPServerStdio;
  let fromServer: CodeModeTool;
  let fromTools: CodeModeTool;

  beforeAll(async () => {
    // A real stdio MCP server through the SDK's own MCPServerStdio, the way an agent reaches one.
    server = new MCPServerStdio({ command: process.execPath, args: [MCP_CASES_SERVER] });
    await server.connect();
    fromServer = createCodeModeTool({ tools: await loadMcpTools([server]), namespace: "cases", poolSize: 1 });
    // The same results returned by plain function tools, as any tool wrapping an MCP call would return them.
    const tools = MCP_RESULT_CASES.map((entry) =>
      tool({ name: entry.name, description: entry.description, parameters: { type: "object", properties: {}, required: [], additionalProperties: false }, execute: async () => entry.result }),
    );
    fromTools = createCodeModeTool({ tools, poolSize: 1 });
  });
  afterAll(async () => {
    await Promise.all([fromServer?.close(), fromTools?.close()]);
    await server?.close();
  });

  for (const entry of MCP_RESULT_CASES) {
    it(`gives the script the shared value from an MCP server's tool: ${entry.description}`, async () => {
      expect((await runScript(fromServer, `return await tools.cases.${entry.name}({});`)).result).toEqual(entry.expected);
    });

    it(`gives the script the shared value from a function tool returning a CallToolResult: ${entry.description}`, async () => {
      expect((await runScript(fromTools, `return await tools.${entry.name}({});`)).result).toEqual(entry.expected);
    });
  }
});

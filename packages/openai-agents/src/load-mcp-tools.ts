import type { McpCallToolResult } from "@codemode/core";
import { tool, type FunctionTool, type MCPServer } from "@openai/agents";

/**
 * The tools of connected MCP servers, for code mode: one function tool per MCP tool, whose call returns the MCP
 * CallToolResult as the server sent it (structured content, every content block, `isError`). The SDK's own MCP
 * function tools hand the model the content instead (structured content only with `useStructuredContent`, an
 * `isError` result as plain content); code mode reads the result itself, so a script sees what it sees through every
 * adapter. The call gets the run's abort signal.
 *
 * @example
 * const server = new MCPServerStdio({ command: "node", args: ["billing-server.js"] });
 * await server.connect();
 * const execute = createCodeModeTool({ tools: await loadMcpTools([server]), namespace: "billing" });
 */
export async function loadMcpTools(servers: readonly MCPServer[]): Promise<FunctionTool<any, any, McpCallToolResult>[]> {
  const lists = await Promise.all(servers.map(async (server) => ({ server, tools: await server.listTools() })));
  return lists.flatMap(({ server, tools }) =>
    tools.map((mcpTool) =>
      tool({
        name: mcpTool.name,
        description: mcpTool.description ?? "",
        parameters: { properties: {}, required: [], additionalProperties: true, ...(mcpTool.inputSchema as object), type: "object" } as never,
        strict: false,
        // A failure is thrown, so the script gets it as a failed call rather than as the SDK's error text.
        errorFunction: null,
        execute: (args, _runContext, details) => callTool(server, mcpTool.name, (args ?? {}) as Record<string, unknown>, details?.signal),
      }),
    ),
  );
}

async function callTool(server: MCPServer, name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpCallToolResult> {
  const options = signal ? { signal } : undefined;
  if (server.callToolResult) return (await server.callToolResult(name, args, null, options)) as McpCallToolResult;
  // Without callToolResult, the SDK hands the content blocks back with the result's other fields on the array.
  const content = await server.callTool(name, args, null, options);
  return { content: [...content], structuredContent: content.structuredContent, isError: content.isError } as McpCallToolResult;
}

import type { TanStackTool } from "./from-tanstack-tools.js";

/** An MCP client as `@tanstack/ai-mcp`'s `createMCPClient` makes it: its tools, and calls that return the MCP result. */
export interface McpToolSource {
  tools(): Promise<TanStackTool[]>;
  callTool(name: string, args?: Record<string, unknown>): Promise<unknown>;
}

/**
 * The tools of an `@tanstack/ai-mcp` client, for code mode: the client's own tools, whose calls return the MCP
 * CallToolResult as the server sent it. TanStack's MCP tools turn a result into chat content (structured content
 * only when the tool declares an output schema, other blocks as content parts, an error thrown as text); code mode
 * reads the result itself instead, so a script sees what it sees through every adapter. The client's `callTool`
 * takes no abort signal: an aborted run stops at once, and the MCP call it was waiting on finishes unobserved.
 *
 * @example
 * const client = await createMCPClient({ transport: { type: "stdio", command: "node", args: ["server.js"] } });
 * const execute = createCodeModeTool({ tools: await loadMcpTools(client), namespace: "billing" });
 */
export async function loadMcpTools(client: McpToolSource): Promise<TanStackTool[]> {
  return (await client.tools()).map((tool) => {
    const mcp = (tool.metadata as { mcp?: { serverToolName?: string } } | undefined)?.mcp;
    const name = mcp?.serverToolName ?? tool.name;
    const execute = (args: unknown) => client.callTool(name, (args ?? {}) as Record<string, unknown>);
    return { ...tool, execute } as TanStackTool;
  });
}

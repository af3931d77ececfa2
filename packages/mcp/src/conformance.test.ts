import type { ExecutionResult } from "@codemode/core";
import { describeAdapterConformance } from "@codemode/core/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { serveMcpHttp } from "./__fixtures__/serve-mcp-http.js";
import { parseGatewayConfig } from "./config/index.js";
import { createGateway } from "./gateway/index.js";

// The suite's tools live on a real upstream MCP server over HTTP, named after their namespace, and the script
// reaches them through a real MCP client calling the gateway's execute tool.
describeAdapterConformance("@codemode/mcp gateway", async (specs, { limits }) => {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const upstream = await serveMcpHttp({
    tools: specs.map(({ name, description, inputSchema }) => ({ name, description, inputSchema: inputSchema as Tool["inputSchema"] })),
    async call(name, args, signal): Promise<CallToolResult> {
      try {
        const value = await byName.get(name)!.execute(args, { signal });
        return { content: [{ type: "text", text: JSON.stringify(value) ?? "null" }], structuredContent: asStructured(value) };
      } catch (error) {
        return { content: [{ type: "text", text: (error as Error).message }], isError: true };
      }
    },
  });
  const namespace = specs[0]!.namespace;
  const config = parseGatewayConfig({ mcpServers: { [namespace]: { url: upstream.url } }, limits, poolSize: 1 });
  const gateway = createGateway(config, { log: () => undefined });
  await gateway.start();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.connect(serverSide);
  const client = new Client({ name: "conformance", version: "1.0.0" });
  await client.connect(clientSide);
  // Listing first makes the client check every structuredContent against the execute tool's outputSchema.
  await client.listTools();
  return {
    async run(code, { signal } = {}) {
      const answer = (await client.callTool({ name: "execute", arguments: { code } }, undefined, { signal })) as CallToolResult;
      const text = answer.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
      return { result: answer.structuredContent as unknown as ExecutionResult, modelOutput: text };
    },
    async close() {
      await client.close();
      await gateway.close();
      await upstream.close();
    },
  };
});

// structuredContent must be an object: a server wraps any other value as { result }, as FastMCP does.
function asStructured(value: unknown): Record<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return JSON.parse(JSON.stringify(value));
  return { result: value ?? null };
}

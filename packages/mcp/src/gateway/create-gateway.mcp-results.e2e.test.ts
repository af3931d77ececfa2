import type { ExecutionResult } from "@codemode/core";
import { MCP_RESULT_CASES } from "@codemode/core/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveMcpHttp, type ServedMcp } from "../__fixtures__/serve-mcp-http.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

describe("createGateway with upstream MCP results", () => {
  let upstream: ServedMcp;
  let gateway: Gateway;
  let client: Client;
  const logged: string[] = [];
  const longName = "x".repeat(200);

  beforeAll(async () => {
    // A real upstream over HTTP that answers each case's tool with the case's result, as it stands.
    upstream = await serveMcpHttp({
      tools: [...MCP_RESULT_CASES, { name: longName, description: "Too long a name." }].map(({ name, description }) => ({
        name,
        description,
        inputSchema: { type: "object" as const },
      })),
      call: async (name) => MCP_RESULT_CASES.find((entry) => entry.name === name)!.result as CallToolResult,
    });
    gateway = createGateway(parseGatewayConfig({ mcpServers: { cases: { url: upstream.url } }, poolSize: 1 }), { log: (line) => logged.push(line) });
    await gateway.start();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await gateway.connect(serverSide);
    client = new Client({ name: "cases", version: "1.0.0" });
    await client.connect(clientSide);
  });
  afterAll(async () => {
    await client?.close();
    await gateway?.close();
    await upstream?.close();
  });

  it("skips an upstream tool whose name is over 128 characters, saying so, and keeps the others", () => {
    const names = gateway.codeMode.catalog.list({ limit: 100 }).items.map((item) => item.name);
    expect(names).toEqual(MCP_RESULT_CASES.map((entry) => `cases.${entry.name}`));
    expect(logged).toContainEqual(expect.stringContaining(`skipping upstream tool cases.${"x".repeat(34)}`));
    expect(logged.join("\n")).toContain("is 206 characters long; a tool name has at most 128");
  });

  for (const entry of MCP_RESULT_CASES) {
    it(`gives the script the shared value: ${entry.description}`, async () => {
      const answer = await client.callTool({ name: "execute", arguments: { code: `return await tools.cases.${entry.name}({});` } });
      expect((answer.structuredContent as unknown as ExecutionResult).result).toEqual(entry.expected);
    });
  }
});

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createCodeMode, defineTool, type CodeMode } from "@codemode/core";
import { afterEach, describe, expect, it } from "vitest";
import { createGatewayServer, type CreateGatewayServerOptions } from "./create-gateway-server.js";

const opened: { client: Client; codeMode: CodeMode }[] = [];

async function connect(options: Partial<CreateGatewayServerOptions> & { search?: boolean } = {}) {
  const codeMode = createCodeMode({
    poolSize: 1,
    search: options.search ?? true,
    tools: [
      defineTool({
        name: "billing.total",
        description: "The total of all invoices.",
        inputSchema: { type: "object", properties: {} },
        execute: async () => 42,
      }),
    ],
  });
  const server = createGatewayServer({ codeMode, executeName: "execute", searchName: "search", version: "1", ...options });
  const client = new Client({ name: "test", version: "1" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  opened.push({ client, codeMode });
  return client;
}

afterEach(async () => {
  for (const { client, codeMode } of opened.splice(0)) {
    await client.close();
    await codeMode.close();
  }
});

describe("createGatewayServer", () => {
  it("uses the configured tool names", async () => {
    const client = await connect({ executeName: "execute_billing_code", searchName: "search_billing_tools" });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["execute_billing_code", "search_billing_tools"]);
    const answer = await client.callTool({ name: "execute_billing_code", arguments: { code: "return (await tools.billing.total({})).data" } });
    expect(answer.structuredContent).toMatchObject({ status: "completed", result: 42 });
  });

  it("lists only execute in execute-only mode, and search is then an unknown tool", async () => {
    const client = await connect({ searchName: false, search: false });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["execute"]);
    await expect(client.callTool({ name: "search", arguments: { query: "x" } })).rejects.toMatchObject({ code: -32602 });
  });

  it("marks a failed run with isError and renders it as text", async () => {
    const client = await connect();
    const answer = await client.callTool({ name: "execute", arguments: { code: "throw new Error('no such invoice')" } });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({ status: "failed", error: { message: expect.stringContaining("no such invoice") } });
    expect((answer.content as { text: string }[])[0]?.text).toMatch(/^Error: ScriptError at line 1, column \d+: /);
  });

  it("lists every tool when search has no query", async () => {
    const client = await connect();
    const answer = await client.callTool({ name: "search", arguments: { detail_level: "full" } });
    expect(answer.structuredContent).toMatchObject({ items: [{ name: "billing.total", inputSchema: { type: "object" } }], total: 1 });
  });

  it("answers search arguments of the wrong type with a tool error the model can correct", async () => {
    const client = await connect();
    const limit = await client.callTool({ name: "search", arguments: { limit: "ten" } });
    expect(limit).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("`limit` must be an integer from 1 to 100") }] });
    const detail = await client.callTool({ name: "search", arguments: { detail_level: "everything" } });
    expect(detail).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("`detail_level` must be") }] });
  });
});

import { MCP_RESULT_CASES } from "@codemode/core/testing";
import { codeMcpServer } from "@cloudflare/codemode/mcp";
import { createCodeTool, tanstackTools } from "@cloudflare/codemode/tanstack-ai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { toolDefinition } from "@tanstack/ai";
import { z } from "zod";
import { afterAll, describe, expect, it } from "vitest";
import { createCodeModeExecutor } from "./create-code-mode-executor.js";

const executor = createCodeModeExecutor({ poolSize: 1, limits: { timeoutMs: 5_000 } });
afterAll(() => executor.close());

const getCustomer = toolDefinition({ name: "get-customer", description: "Look a customer up.", inputSchema: z.object({ id: z.string() }) }).server(
  async ({ id }) => {
    if (id === "c-9") throw new Error("No customer c-9.");
    return { id, name: "Acme" };
  },
);
const refund = toolDefinition({ name: "refund", description: "Refund.", inputSchema: z.object({}), needsApproval: true }).server(async () => "refunded");

/** Calls Cloudflare's code tool as chat() does: its server tool's execute with the model's input. */
const callCodeTool = (codeTool: ReturnType<typeof createCodeTool>, code: string) => Promise.resolve(codeTool.execute!({ code }));

describe("createCodeModeExecutor through Cloudflare's createCodeTool", () => {
  const codeTool = createCodeTool({ tools: [tanstackTools([getCustomer, refund]), tanstackTools([getCustomer], "crm")], executor });

  it("runs the model's arrow function: each provider is a namespace, calls resolve to values", async () => {
    const code = `async () => { const [a, b] = await Promise.all([codemode.get_customer({ id: "c-1" }), crm.get_customer({ id: "c-2" })]); console.log("two"); return [a.name, b.id]; }`;
    expect(await callCodeTool(codeTool, code)).toEqual({ result: ["Acme", "c-2"], logs: ["two"] });
  });

  it("takes a plain body too: Cloudflare's normalizeCode wraps it before the executor sees it", async () => {
    expect(await callCodeTool(codeTool, `const c = await codemode.get_customer({ id: "c-3" });\nc.name`)).toEqual({ result: "Acme" });
  });

  it("throws a failing tool's message into the script, and fails an uncaught one with its line", async () => {
    const caught = `async () => { try { await codemode.get_customer({ id: "c-9" }); } catch (e) { return e.message; } }`;
    expect(await callCodeTool(codeTool, caught)).toEqual({ result: "codemode.get_customer failed: tool_error: No customer c-9." });
    const uncaught = `async () => { const a = 1;\nawait codemode.get_customer({ id: "c-9" });\nreturn a; }`;
    await expect(callCodeTool(codeTool, uncaught)).rejects.toThrow(/Code execution failed: ToolCallFailed: .*No customer c-9\..*\(line 2/);
  });

  it("keeps tools that need approval out, as Cloudflare does, and names the missing tool", async () => {
    await expect(callCodeTool(codeTool, `async () => codemode.refund({})`)).rejects.toThrow(/No tool named "codemode.refund"/);
  });

  it("runs a provider's prelude in the script's scope, keeping the script's line numbers", async () => {
    const providers = [{ name: "codemode", fns: { one: async () => 1 }, prelude: "// helpers the host adds\ncodemode.twice = async (x) => 2 * x;" }];
    const run = await executor.execute("async () => {\nconst a = await codemode.twice(21);\nnull.x;\n}", providers);
    expect(run.error).toMatch(/^ScriptError: .*\(line 3/);
    expect(await executor.execute("async () => codemode.twice(await codemode.one())", providers)).toEqual({ result: 2, logs: [] });
  });

  it("refuses providers it cannot run, without throwing", async () => {
    const fns = { ping: async () => "pong" };
    expect(await executor.execute("async () => 1", [{ name: "not-valid", fns }])).toMatchObject({ error: expect.stringContaining("not a JavaScript identifier") });
    expect(await executor.execute("async () => 1", [{ name: "tools", fns }])).toMatchObject({ error: expect.stringContaining("a name the sandbox already holds") });
    expect(await executor.execute("async () => 1", [{ name: "crm", fns }, { name: "crm", fns }])).toEqual({ result: undefined, error: 'Duplicate provider name "crm"' });
  });

  it("ends a script past its deadline with an error, and runs the next one", async () => {
    const quick = createCodeModeExecutor({ poolSize: 1, limits: { timeoutMs: 300 } });
    try {
      expect(await quick.execute("async () => { while (true) {} }", [])).toMatchObject({ error: expect.stringMatching(/^TimeoutExceeded/) });
      expect(await quick.execute("async () => 2", [])).toEqual({ result: 2, logs: [] });
    } finally {
      await quick.close();
    }
  });
});

describe("MCP results through the executor", () => {
  it("gives the script the shared value of each MCP result a provider's function returns", async () => {
    const server = new Server({ name: "cases", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: MCP_RESULT_CASES.map(({ name }) => ({ name, inputSchema: { type: "object" as const } })) }));
    server.setRequestHandler(CallToolRequestSchema, ({ params }) => MCP_RESULT_CASES.find((entry) => entry.name === params.name)!.result);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "cases-client", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const fns = Object.fromEntries(MCP_RESULT_CASES.map(({ name }) => [name, (args: unknown) => client.callTool({ name, arguments: args as Record<string, unknown> })]));
      for (const entry of MCP_RESULT_CASES) {
        // A value, or for a failed call the error the script catches; the envelope's two sides, seen from a script.
        const code = `async () => { try { return { ok: true, data: await cases.${entry.name}({}) }; } catch (error) { return { ok: false, code: error.code, message: error.message }; } }`;
        const run = await executor.execute(code, [{ name: "cases", fns }]);
        const expected = entry.expected;
        expect(run.result).toEqual(expected.ok ? { ok: true, data: expected.data } : { ok: false, code: expected.error.code, message: `cases.${entry.name} failed: tool_error: ${expected.error.message}` });
      }
    } finally {
      await client.close();
    }
  });

  it("serves Cloudflare's codeMcpServer: its `code` tool runs on this engine", async () => {
    const upstream = new McpServer({ name: "crm", version: "1.0.0" });
    upstream.registerTool("get_customer", { inputSchema: { id: z.string() } }, async ({ id }) => ({ content: [{ type: "text", text: JSON.stringify({ id, name: "Acme" }) }] }));
    const wrapped = await codeMcpServer({ server: upstream, executor });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await wrapped.connect(serverSide);
    const client = new Client({ name: "agent", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const result = await client.callTool({ name: "code", arguments: { code: `async () => (await codemode.get_customer({ id: "c-4" })).name` } });
      expect(result.isError).toBeFalsy();
      expect(JSON.stringify(result.content)).toContain("Acme");
    } finally {
      await client.close();
    }
  });
});

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAULT_SERVER, MEMORY_SERVER, until } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "./index.js";

const FULL_TOKEN = "token-full-access-0001";
const MEMORY_TOKEN = "token-memory-only-0001";

let gateway: Gateway;
let listener: HttpListener;
const clients: Client[] = [];

async function connect(token = FULL_TOKEN): Promise<Client> {
  const client = new Client({ name: "e2e", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(listener.url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function execute(client: Client, code: string, options: Parameters<Client["callTool"]>[2] = {}) {
  const answer = await client.callTool({ name: "execute", arguments: { code } }, undefined, options);
  return answer.structuredContent as unknown as ExecutionResult;
}

beforeAll(async () => {
  const config = parseGatewayConfig({
    mcpServers: {
      faulty: { command: process.execPath, args: [FAULT_SERVER], timeoutMs: 1500, maxResponseBytes: 1024 * 1024 },
      memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: `/tmp/codemode-e2e-memory-${process.pid}.jsonl` } },
    },
    limits: { timeoutMs: 20_000 },
    auth: {
      bearer: [
        { name: "full", token: FULL_TOKEN },
        { name: "memory-only", token: MEMORY_TOKEN, allow: ["memory.*"] },
      ],
    },
    poolSize: 2,
  });
  gateway = createGateway(config, { log: () => undefined });
  await gateway.start();
  listener = await gateway.listen({ port: 0 });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await gateway?.close();
});

describe("createGateway", () => {
  it("lists execute and search, with raw JSON Schemas, outputSchemas and the catalog's prompt", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["execute", "search"]);
    const [execute, search] = tools;
    expect(execute?.inputSchema).toMatchObject({ required: ["code"], additionalProperties: false });
    expect(execute?.outputSchema).toMatchObject({ required: expect.arrayContaining(["status", "result", "toolCalls"]) });
    expect(search?.outputSchema).toBeDefined();
    expect(execute?.description).toContain("memory");
    expect(execute?.description).toContain("faulty");
  });

  it("runs a script that calls several upstream tools and returns a normal result with structuredContent", async () => {
    const client = await connect();
    const answer = await client.callTool({
      name: "execute",
      arguments: {
        code: `
          const created = await tools.memory.create_entities({ entities: [{ name: "Acme", entityType: "customer", observations: ["pays late"] }] });
          const echoed = await tools.faulty.echo({ text: "hi" });
          const graph = await tools.memory.read_graph({});
          console.log("entities:", graph.data.entities.length);
          return { created: created.ok, echoed: echoed.data, names: graph.data.entities.map((e) => e.name) };
        `,
      },
    });
    const result = answer.structuredContent as unknown as ExecutionResult;
    expect(result.status).toBe("completed");
    expect(result.result).toEqual({ created: true, echoed: "echo: hi", names: ["Acme"] });
    expect(result.toolCalls.map((call) => call.tool)).toEqual(["memory.create_entities", "faulty.echo", "memory.read_graph"]);
    expect(answer.isError).toBeFalsy();
    expect((answer.content as { text: string }[])[0]?.text).toContain(`Result: ${JSON.stringify(result.result)}`);
  });

  it("decodes binary fields into Uint8Array inside the script", async () => {
    const result = await execute(await connect(), `
      const r = await tools.faulty.binary({});
      return { isBytes: r.data.file instanceof Uint8Array, bytes: Array.from(r.data.file), name: r.data.name };
    `);
    expect(result.result).toEqual({ isBytes: true, bytes: [1, 2, 3, 250], name: "hello.bin" });
  });

  it("answers search with ranked tools, filtered by server", async () => {
    const client = await connect();
    const answer = await client.callTool({ name: "search", arguments: { query: "entities observations knowledge graph", server_filter: "memory", limit: 3 } });
    const page = answer.structuredContent as { items: { name: string; inputSchema?: unknown }[] };
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => item.name.startsWith("memory."))).toBe(true);
    const full = await client.callTool({ name: "search", arguments: { query: "echo text", detail_level: "full", limit: 1 } });
    expect((full.structuredContent as typeof page).items[0]).toMatchObject({ name: "faulty.echo", inputSchema: expect.any(Object) });
  });

  it("answers an unknown tool with JSON-RPC error -32602, and arguments it does not take as a tool error", async () => {
    const client = await connect();
    await expect(client.callTool({ name: "delete_everything", arguments: {} })).rejects.toMatchObject({ code: -32602 });
    const extra = await client.callTool({ name: "execute", arguments: { code: "return 1", timeout: 5 } });
    expect(extra).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining('unknown argument "timeout"') }] });
    const empty = await client.callTool({ name: "execute", arguments: {} });
    expect(empty).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining("`code` must be a string") }] });
  });

  it("turns upstream faults into envelope errors, and the next call works", async () => {
    const result = await execute(await connect(), `
      const outcomes = {};
      for (const name of ["hang", "crash", "malformed", "disconnect", "fail"]) {
        const r = await tools.faulty[name]({});
        outcomes[name] = r.ok ? "ok" : r.error.code;
        let next;
        for (let attempt = 0; attempt < 50; attempt++) {
          next = await tools.faulty.echo({ text: name });
          if (next.ok) break;
        }
        outcomes[name + "_then"] = next.ok ? next.data : next.error.code;
      }
      const huge = await tools.faulty.huge({ mb: 12 });
      outcomes.huge = huge.ok ? "ok" : huge.error.code;
      return outcomes;
    `);
    expect(result.status).toBe("completed");
    expect(result.result).toMatchObject({
      hang: "timeout",
      hang_then: "echo: hang",
      crash: "unavailable",
      crash_then: "echo: crash",
      malformed: "tool_error",
      malformed_then: "echo: malformed",
      disconnect: "unavailable",
      disconnect_then: "echo: disconnect",
      fail: "tool_error",
      huge: "limit_exceeded",
    });
    const after = await execute(await connect(), `return (await tools.faulty.echo({ text: "back" })).data;`);
    expect(after.result).toBe("echo: back");
  });

  it("rejects requests without a valid bearer token with 401", async () => {
    const response = await fetch(listener.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain("Bearer");
    await expect(connect("not-a-valid-token-at-all")).rejects.toThrow();
  });

  it("does not let one token use a session another token opened", async () => {
    const headers = (token: string) => ({
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${token}`,
    });
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    };
    const opened = await fetch(listener.url, { method: "POST", headers: headers(FULL_TOKEN), body: JSON.stringify(initialize) });
    const sessionId = opened.headers.get("mcp-session-id");
    expect(sessionId).toBeTruthy();
    await opened.body?.cancel();
    const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    const hijack = await fetch(listener.url, { method: "POST", headers: { ...headers(MEMORY_TOKEN), "mcp-session-id": sessionId ?? "" }, body: list });
    expect(hijack.status).toBe(404);
  });

  it("limits what a token can search, list and call to its allowlist", async () => {
    const client = await connect(MEMORY_TOKEN);
    const { tools } = await client.listTools();
    expect(tools[0]?.description).not.toContain("faulty");
    const page = (await client.callTool({ name: "search", arguments: { query: "echo" } })).structuredContent as { items: { name: string }[] };
    expect(page.items.every((item) => item.name.startsWith("memory."))).toBe(true);
    const result = await execute(client, `return await tools.faulty.echo({ text: "sneaky" });`);
    expect(JSON.stringify(result)).not.toContain("echo: sneaky");
  });

  it("sends progress notifications while a run calls tools, when the client asks", async () => {
    const progress: number[] = [];
    const result = await execute(await connect(), `
      for (let i = 0; i < 3; i++) await tools.faulty.echo({ text: String(i) });
      return "done";
    `, { onprogress: (event) => progress.push(event.progress) });
    expect(result.result).toBe("done");
    // One as each call starts and one as it finishes, on a count that only grows.
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("stops a run when the client cancels, and cancels its upstream call", async () => {
    const client = await connect();
    const controller = new AbortController();
    const running = execute(client, `return await tools.faulty.slow({ ms: 15000 });`, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 700));
    controller.abort();
    await expect(running).rejects.toThrow();
    const count = await until(async () => {
      const result = await execute(client, `return (await tools.faulty.cancelled_count({})).data;`);
      return (result.result as number) > 0 ? result.result : 0;
    }, 5_000);
    expect(count).toBeGreaterThan(0);
  });

  it("tells clients to list again when an upstream's tools change, and the new tool is callable", async () => {
    const client = await connect();
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    await execute(client, `return await tools.faulty.add_tool({ name: "late_arrival" });`);
    await until(() => changed > 0, 5_000);
    expect((await client.listTools()).tools[0]?.description).toContain("late_arrival");
    const result = await execute(client, `return (await tools.faulty.late_arrival({})).data;`);
    expect(result.result).toBe("late_arrival");
  });

  it("serves many clients at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, async (_, index) => execute(await connect(), `return (await tools.faulty.echo({ text: "${index}" })).data;`)),
    );
    expect(results.map((result) => result.result)).toEqual(["echo: 0", "echo: 1", "echo: 2", "echo: 3"]);
  });
});

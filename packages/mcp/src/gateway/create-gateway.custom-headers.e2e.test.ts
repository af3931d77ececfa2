import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "./index.js";

// With sessions on, the execute tool declares its sessionId as the `Mcp-Param-Session-Id` header (MCP 2026-07-28
// custom headers), so a load balancer can route a session's executions without reading bodies; the gateway refuses
// a request whose header and body disagree, as the specification requires.
const RECORDS_SERVER = fileURLToPath(new URL("../__fixtures__/records-server.mjs", import.meta.url));
const LATEST = "2026-07-28";
const gateways: Gateway[] = [];
let withSessions: HttpListener;
let withoutSessions: HttpListener;
const clients: Client[] = [];

async function start(sessions: boolean): Promise<HttpListener> {
  const config = parseGatewayConfig({
    mcpServers: { records: { command: process.execPath, args: [RECORDS_SERVER] } },
    ...(sessions ? { sessions: {} } : {}),
    poolSize: 1,
  });
  const gateway = createGateway(config, { log: () => undefined });
  gateways.push(gateway);
  await gateway.start();
  return gateway.listen({ port: 0 });
}

async function connect(listener: HttpListener): Promise<Client> {
  const client = new Client({ name: "custom-headers", version: "1.0.0" }, { versionNegotiation: { mode: { pin: LATEST } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
  clients.push(client);
  return client;
}

/** A raw 2026-07-28 tools/call of execute, with the headers a client would send and `extra` on top. */
async function callExecute(args: Record<string, unknown>, extra: Record<string, string>) {
  const _meta = {
    "io.modelcontextprotocol/protocolVersion": LATEST,
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const response = await fetch(withSessions.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": LATEST,
      "mcp-method": "tools/call",
      "mcp-name": "execute",
      ...extra,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "execute", arguments: args, _meta } }),
  });
  const body = (await response.json()) as { result?: { structuredContent?: ExecutionResult }; error?: { code: number; message: string } };
  return { status: response.status, body };
}

beforeAll(async () => {
  [withSessions, withoutSessions] = await Promise.all([start(true), start(false)]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await Promise.all(gateways.map((gateway) => gateway.close()));
});

describe("the execute tool's sessionId as an Mcp-Param header", () => {
  it("is declared with x-mcp-header when sessions are on, and absent with sessions off", async () => {
    const [on, off] = await Promise.all([connect(withSessions), connect(withoutSessions)]);
    const execute = (await on.listTools()).tools.find((tool) => tool.name === "execute");
    expect(execute?.inputSchema.properties?.sessionId).toMatchObject({ type: "string", "x-mcp-header": "Session-Id" });
    const executeOff = (await off.listTools()).tools.find((tool) => tool.name === "execute");
    expect(executeOff?.inputSchema.properties).not.toHaveProperty("sessionId");
  });

  it("lets the SDK's own client, which sends the header by itself, keep a session across executions", async () => {
    const client = await connect(withSessions);
    const first = await client.callTool({ name: "execute", arguments: { code: "const kept = 41; return kept;", sessionId: "new" } });
    const { sessionId } = first.structuredContent as unknown as ExecutionResult;
    expect(sessionId).toEqual(expect.any(String));
    const second = await client.callTool({ name: "execute", arguments: { code: "return kept + 1;", sessionId } });
    expect((second.structuredContent as unknown as ExecutionResult).result).toBe(42);
  });

  it("accepts the header in plain text or as a Base64 sentinel when it matches the body", async () => {
    const plain = await callExecute({ code: "return 1;", sessionId: "new" }, { "mcp-param-session-id": "new" });
    expect(plain.status).toBe(200);
    expect(plain.body.result?.structuredContent).toMatchObject({ status: "completed", result: 1 });
    const encoded = await callExecute({ code: "return 2;", sessionId: "new" }, { "Mcp-Param-Session-Id": `=?base64?${Buffer.from("new").toString("base64")}?=` });
    expect(encoded.status).toBe(200);
    expect(encoded.body.result?.structuredContent).toMatchObject({ status: "completed", result: 2 });
  });

  it("refuses a body sessionId without the header, or with one that disagrees or is not Base64, with 400 and -32020", async () => {
    const cases: Record<string, string>[] = [{}, { "mcp-param-session-id": "another" }, { "mcp-param-session-id": "=?base64?bmV3!?=" }];
    for (const headers of cases) {
      const { status, body } = await callExecute({ code: "return 1;", sessionId: "new" }, headers);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: -32020, message: expect.stringContaining("Mcp-Param-Session-Id") });
    }
  });

  it("expects no header when the body has no sessionId", async () => {
    const { status, body } = await callExecute({ code: "return 3;" }, {});
    expect(status).toBe(200);
    expect(body.result?.structuredContent).toMatchObject({ result: 3 });
  });
});

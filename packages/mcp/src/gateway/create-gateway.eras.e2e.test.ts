import { fileURLToPath } from "node:url";
import { Client as StatelessClient, StreamableHTTPClientTransport as StatelessClientTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "./index.js";

// One gateway on one /mcp endpoint, a real stdio upstream behind it, and real clients of both SDK generations:
// @modelcontextprotocol/sdk 1.x speaks 2025-11-25 (initialize, a session), @modelcontextprotocol/client 2.x pinned
// to 2026-07-28 sends every request on its own.
const RECORDS_SERVER = fileURLToPath(new URL("../__fixtures__/records-server.mjs", import.meta.url));
const TOKEN = "eras-test-token-0123456789";
const LATEST = "2026-07-28";

let gateway: Gateway;
let listener: HttpListener;
const closers: (() => Promise<void>)[] = [];
const authorization = { authorization: `Bearer ${TOKEN}` };

async function connectSessionClient(options: { approve?: boolean } = {}): Promise<Client> {
  const client = new Client({ name: "eras-2025", version: "1.0.0" }, options.approve ? { capabilities: { elicitation: { form: {} } } } : {});
  if (options.approve) client.setRequestHandler(ElicitRequestSchema, () => ({ action: "accept", content: {} }));
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url), { requestInit: { headers: authorization } }));
  closers.push(() => client.close());
  return client;
}

async function connectStatelessClient(): Promise<StatelessClient> {
  const client = new StatelessClient(
    { name: "eras-2026", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: LATEST } }, capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: {} }));
  await client.connect(new StatelessClientTransport(new URL(listener.url), { requestInit: { headers: authorization } }));
  closers.push(() => client.close());
  return client;
}

async function execute(client: Client | StatelessClient, code: string): Promise<ExecutionResult> {
  const answer = await client.callTool({ name: "execute", arguments: { code } });
  return answer.structuredContent as unknown as ExecutionResult;
}

/** A raw 2026-07-28 request, for what the SDK client would never send. */
async function postStateless(method: string, headers: Record<string, string>, version = LATEST) {
  const _meta = {
    "io.modelcontextprotocol/protocolVersion": version,
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const response = await fetch(listener.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...authorization, "mcp-method": method, ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params: { _meta } }),
  });
  return { status: response.status, body: (await response.json()) as { result?: any; error?: { code: number; message: string; data?: any } } };
}

beforeAll(async () => {
  const config = parseGatewayConfig({
    mcpServers: { records: { command: process.execPath, args: [RECORDS_SERVER] } },
    approvals: { destructive: true },
    auth: { bearer: [{ name: "tester", token: TOKEN }] },
    limits: { timeoutMs: 10_000 },
    poolSize: 2,
  });
  gateway = createGateway(config, { log: () => undefined });
  await gateway.start();
  listener = await gateway.listen({ port: 0 });
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close().catch(() => undefined)));
  await gateway?.close();
});

describe("createGateway over both MCP eras", () => {
  it("serves a 2025-11-25 client and a 2026-07-28 client at once, with the same tools", async () => {
    const [sessionClient, statelessClient] = await Promise.all([connectSessionClient(), connectStatelessClient()]);
    expect(sessionClient.getServerVersion()?.name).toBe("codemode-gateway");
    // Pinned, the client connects with server/discover and fails unless the gateway offers 2026-07-28.
    expect(statelessClient.getProtocolEra()).toBe("modern");
    expect(statelessClient.getNegotiatedProtocolVersion()).toBe(LATEST);
    expect(statelessClient.getServerVersion()?.name).toBe("codemode-gateway");

    const [sessionList, statelessList] = await Promise.all([sessionClient.listTools(), statelessClient.listTools()]);
    expect(statelessList.tools).toEqual(sessionList.tools);
    expect(statelessList.tools.map((tool) => tool.name)).toEqual(["execute", "search"]);
    expect(statelessList).toMatchObject({ ttlMs: 30_000, cacheScope: "private" });
    expect(sessionList).not.toHaveProperty("ttlMs");

    const code = "return (await tools.records.list_records({})).data;";
    const [fromSession, fromStateless] = await Promise.all([execute(sessionClient, code), execute(statelessClient, code)]);
    expect(fromSession).toMatchObject({ status: "completed", result: ["r1", "r2"] });
    expect(fromStateless).toMatchObject({ status: "completed", result: ["r1", "r2"] });
  });

  it("answers a 2026-07-28 request whose MCP-Protocol-Version header disagrees with its envelope with 400 and -32020", async () => {
    const { status, body } = await postStateless("tools/list", { "mcp-protocol-version": "2025-11-25" });
    expect(status).toBe(400);
    expect(body.error?.code).toBe(-32020);
    expect(body.error?.message).toContain("MCP-Protocol-Version header names 2025-11-25");
  });

  it("answers an unsupported protocol version with -32022, naming the versions it supports", async () => {
    const { status, body } = await postStateless("tools/list", { "mcp-protocol-version": "2099-01-01" }, "2099-01-01");
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: -32022, data: { supported: [LATEST], requested: "2099-01-01" } });
  });

  it("answers server/discover without a session", async () => {
    const { status, body } = await postStateless("server/discover", { "mcp-protocol-version": LATEST });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      supportedVersions: [LATEST],
      capabilities: { tools: { listChanged: true } },
      _meta: { "io.modelcontextprotocol/serverInfo": { name: "codemode-gateway" } },
    });
  });

  it("refuses a 2026-07-28 request without the bearer token with 401", async () => {
    const response = await fetch(listener.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": LATEST, "mcp-method": "tools/list" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": LATEST } } }),
    });
    expect(response.status).toBe(401);
  });

  it("denies a 2026-07-28 client a call that needs approval, saying it needs a 2025-11-25 client, while a 2025 client is asked", async () => {
    const code = `return (await tools.records.delete_record({ id: "r1" })).error ?? "deleted";`;
    const denied = await execute(await connectStatelessClient(), code);
    expect(denied.result).toEqual({
      code: "access_denied",
      message:
        "The call to records.delete_record was denied: this call needs approval, and the gateway asks for approvals only over MCP 2025-11-25 (an initialized session that can answer elicitation); this client speaks 2026-07-28.",
      retryable: false,
    });
    const approved = await execute(await connectSessionClient({ approve: true }), code);
    expect(approved.result).toBe("deleted");
  });
});

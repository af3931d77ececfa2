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
const OTHER_TOKEN = "eras-test-other-token-0123456789";
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

type StatelessAnswer = { action: "accept" | "decline" | "cancel"; content?: Record<string, never> };

/** A 2.x client pinned to 2026-07-28; with `answer` it declares elicitation and answers input-required results so. */
async function connectStatelessClient(
  options: { answer?: (message: string) => StatelessAnswer; autoFulfill?: boolean; token?: string } = {},
): Promise<StatelessClient> {
  const { answer, autoFulfill = true, token = TOKEN } = options;
  const client = new StatelessClient(
    { name: "eras-2026", version: "1.0.0" },
    {
      versionNegotiation: { mode: { pin: LATEST } },
      capabilities: answer ? { elicitation: { form: {} } } : {},
      inputRequired: { autoFulfill },
    },
  );
  if (answer) client.setRequestHandler("elicitation/create", (request) => answer(String(request.params.message)));
  const headers = { authorization: `Bearer ${token}` };
  await client.connect(new StatelessClientTransport(new URL(listener.url), { requestInit: { headers } }));
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

interface Round {
  inputRequests?: Record<string, unknown>;
  requestState?: string;
  structuredContent?: unknown;
}

/** One tools/call of execute as the wire carries it, input-required results included (the client does not retry). */
async function round(client: StatelessClient, code: string, retry: Record<string, unknown> = {}): Promise<Round> {
  const params = { name: "execute", arguments: { code }, ...retry };
  return (await client.request({ method: "tools/call", params }, { allowInputRequired: true })) as unknown as Round;
}

function acceptAll(asked: Round): Record<string, unknown> {
  return Object.fromEntries(Object.keys(asked.inputRequests ?? {}).map((key) => [key, { action: "accept", content: {} }]));
}

beforeAll(async () => {
  const config = parseGatewayConfig({
    mcpServers: { records: { command: process.execPath, args: [RECORDS_SERVER] } },
    approvals: { destructive: true },
    auth: { bearer: [{ name: "tester", token: TOKEN }, { name: "other", token: OTHER_TOKEN }] },
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

  it("refuses a faulty script in both eras with its diagnostics, and answers bad arguments with an isError result", async () => {
    const [sessionClient, statelessClient] = await Promise.all([connectSessionClient(), connectStatelessClient()]);
    // A delete that needs approval comes first: refused whole, it is never asked about, and nothing is deleted.
    const code = `await tools.records.delete_record({ id: "r1" });\nreturn await tools.records.list_record({});`;
    for (const client of [sessionClient, statelessClient]) {
      const answer = await client.callTool({ name: "execute", arguments: { code } });
      expect(answer.isError).toBe(true);
      expect(answer.structuredContent).toMatchObject({
        status: "failed",
        error: { kind: "CheckFailed", line: 2 },
        diagnostics: [{ code: "unknown_tool", line: 2, suggestion: "tools.records.list_records" }],
        toolCalls: [],
      });
      const text = (answer.content as { text: string }[])[0]!.text;
      expect(text).toContain("- unknown_tool (line 2, column 28): There is no tool `tools.records.list_record`; did you mean `tools.records.list_records`?");
      const bad = await client.callTool({ name: "execute", arguments: {} });
      expect(bad).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining("`code` must be a string") }] });
    }
    expect(await execute(sessionClient, "return (await tools.records.list_records({})).data;")).toMatchObject({ result: ["r1", "r2"] });
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

  it("asks a 2026-07-28 client for approval with an input-required result, running what it accepts and not what it declines", async () => {
    const asked: string[] = [];
    const declining = await connectStatelessClient({ answer: (message) => (asked.push(message), { action: "decline" }) });
    const code = `return (await tools.records.delete_record({ id: "r1" })).error ?? "deleted";`;
    expect((await execute(declining, code)).result).toEqual({
      code: "access_denied",
      message: "The call to records.delete_record was denied: the user declined it.",
      retryable: false,
    });
    expect(asked).toEqual(['A script wants to call records.delete_record with {"id":"r1"}. Allow this call?']);
    const accepting = await connectStatelessClient({ answer: () => ({ action: "accept", content: {} }) });
    const approved = await execute(accepting, code);
    expect(approved.result).toBe("deleted");
    expect(approved.toolCalls[0]).toMatchObject({ ok: true, approval: { approved: true } });
  });

  it("asks for calls made together in one round, and resumes the same run when the answers come back", async () => {
    const client = await connectStatelessClient({ answer: () => ({ action: "accept" }), autoFulfill: false });
    const code = `return (await Promise.all(["r1", "r2"].map((id) => tools.records.delete_record({ id })))).map((answer) => answer.ok);`;
    const first = await round(client, code);
    expect(Object.values(first.inputRequests ?? {})).toHaveLength(2);
    const done = await round(client, code, { inputResponses: acceptAll(first), requestState: first.requestState });
    expect(done.inputRequests).toBeUndefined();
    expect(done.structuredContent).toMatchObject({ status: "completed", result: [true, true] });
  });

  it("refuses a tampered requestState, and one handed to another caller, with -32602", async () => {
    const code = `return (await tools.records.delete_record({ id: "r9" })).ok;`;
    const client = await connectStatelessClient({ answer: () => ({ action: "accept" }), autoFulfill: false });
    const first = await round(client, code);
    const { requestState = "" } = first;
    // The state is signed, not encrypted: a client can read its payload, so forge one that names another run.
    const [version, body = "", mac] = requestState.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    payload.p.run = "00000000-0000-4000-8000-000000000000";
    const tampered = [version, Buffer.from(JSON.stringify(payload)).toString("base64url"), mac].join(".");
    await expect(round(client, code, { inputResponses: acceptAll(first), requestState: tampered })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("Invalid or expired requestState"),
    });
    const other = await connectStatelessClient({ answer: () => ({ action: "accept" }), autoFulfill: false, token: OTHER_TOKEN });
    await expect(round(other, code, { inputResponses: acceptAll(first), requestState })).rejects.toMatchObject({ code: -32602 });
    await expect(round(client, `${code} // changed`, { inputResponses: acceptAll(first), requestState })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("other arguments"),
    });
    const genuine = await round(client, code, { inputResponses: acceptAll(first), requestState });
    expect(genuine.structuredContent).toMatchObject({ status: "completed", result: true });
  });

  it("denies a 2026-07-28 client that cannot answer elicitation, saying why, while a 2025 client is asked", async () => {
    const code = `return (await tools.records.delete_record({ id: "r2" })).error ?? "deleted";`;
    const denied = await execute(await connectStatelessClient(), code);
    expect(denied.result).toEqual({
      code: "access_denied",
      message:
        "The call to records.delete_record was denied: the connected MCP client did not declare the elicitation capability, so it cannot be asked for approval.",
      retryable: false,
    });
    const approved = await execute(await connectSessionClient({ approve: true }), code);
    expect(approved.result).toBe("deleted");
  });
});

import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAULT_SERVER, until } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "./index.js";

const ANA_TOKEN = "token-ana-sessions-0001";
const BOB_TOKEN = "token-bob-sessions-0001";

const gateways: Gateway[] = [];
const clients: Client[] = [];
let gateway: Gateway;
let listener: HttpListener;

function start(sessions: boolean): Gateway {
  const config = parseGatewayConfig({
    mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER] } },
    auth: { bearer: [{ name: "ana", token: ANA_TOKEN }, { name: "bob", token: BOB_TOKEN }] },
    poolSize: 1,
    ...(sessions ? { sessions: { maxSessions: 4 } } : {}),
  });
  const started = createGateway(config, { log: () => undefined });
  gateways.push(started);
  return started;
}

async function overHttp(token: string): Promise<Client> {
  const client = new Client({ name: "sessions-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  clients.push(client);
  return client;
}

async function inMemory(target: Gateway): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await target.connect(serverSide);
  const client = new Client({ name: "sessions-e2e", version: "1.0.0" });
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

async function execute(client: Client, code: string, sessionId?: string): Promise<{ answer: CallToolResult; result: ExecutionResult }> {
  const answer = (await client.callTool({ name: "execute", arguments: sessionId ? { code, sessionId } : { code } })) as CallToolResult;
  return { answer, result: answer.structuredContent as unknown as ExecutionResult };
}

// Threads of this process (Linux): a session's worker that outlives the gateway keeps this count up.
const threadCount = (): number => Number(/^Threads:\s+(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);

const textOf = (answer: CallToolResult) => answer.content.map((block) => (block.type === "text" ? block.text : "")).join("");

beforeAll(async () => {
  gateway = start(true);
  await gateway.start();
  listener = await gateway.listen({ port: 0 });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await Promise.all(gateways.map((started) => started.close()));
});

describe("createGateway", () => {
  it("offers sessionId on execute only when sessions are on", async () => {
    const schemaOf = async (client: Client) => (await client.listTools()).tools.find((tool) => tool.name === "execute")?.inputSchema;
    expect((await schemaOf(await overHttp(ANA_TOKEN)))?.properties).toHaveProperty("sessionId");
    const without = start(false);
    const client = await inMemory(without);
    expect((await schemaOf(client))?.properties).not.toHaveProperty("sessionId");
    const refused = await client.callTool({ name: "execute", arguments: { code: "return 1", sessionId: "new" } });
    expect(refused).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('unknown argument "sessionId"') }] });
  });

  it("resumes a session from a second connection with the same token, and shows its id", async () => {
    const first = await overHttp(ANA_TOKEN);
    const opened = await execute(first, "const echoed = await tools.faulty.echo({ text: 'kept' }); const n = 41;", "new");
    expect(opened.result.error).toBeNull();
    const sessionId = opened.result.sessionId!;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(textOf(opened.answer)).toContain(`Session: ${sessionId}`);
    const second = await overHttp(ANA_TOKEN);
    const resumed = await execute(second, "return [n + 1, echoed.ok]", sessionId);
    expect(resumed.result.result).toEqual([42, true]);
    expect(resumed.result.sessionId).toBe(sessionId);
  });

  it("answers another token's session id as not found, leaving the session to its owner", async () => {
    const ana = await overHttp(ANA_TOKEN);
    const { result } = await execute(ana, "const secret = 'ana only'", "new");
    const bob = await overHttp(BOB_TOKEN);
    const stolen = await execute(bob, "return secret", result.sessionId);
    expect(stolen.answer.isError).toBe(true);
    expect(stolen.result.error?.kind).toBe("SessionNotFound");
    expect(textOf(stolen.answer)).not.toContain("ana only");
    expect((await execute(ana, "return secret", result.sessionId)).result.result).toBe("ana only");
  });

  it("lets local clients (stdio) share their sessions", async () => {
    const one = await inMemory(gateway);
    const { result } = await execute(one, "let count = 1", "new");
    const two = await inMemory(gateway);
    expect((await execute(two, "count += 1; return count", result.sessionId)).result.result).toBe(2);
    const http = await overHttp(ANA_TOKEN);
    expect((await execute(http, "return count", result.sessionId)).result.error?.kind).toBe("SessionNotFound");
  });

  // eslint-disable-next-line codemode/no-skipped-tests -- it counts threads in /proc/self/status, which only Linux has
  it.runIf(process.platform === "linux")("stops the sessions' workers when the gateway closes", async () => {
    const before = threadCount();
    const closing = start(true);
    const client = await inMemory(closing);
    for (const _ of [1, 2]) expect((await execute(client, "const x = 1", "new")).result.sessionId).toBeDefined();
    expect(threadCount()).toBeGreaterThan(before);
    await closing.close();
    await until(() => threadCount() <= before, 5_000);
  });
});

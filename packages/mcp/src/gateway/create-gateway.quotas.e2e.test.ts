import { Client as StatelessClient, StreamableHTTPClientTransport as StatelessClientTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { FAULT_SERVER } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

// Quotas over real HTTP, in both MCP eras: a refused execution is the execute tool's failed result, naming the quota.
const tokens = { ana: "quota-ana-token-0123456789", bob: "quota-bob-token-0123456789", cy: "quota-cy-token-01234567890" };
const gateways: Gateway[] = [];
const clients: { close(): Promise<void> }[] = [];

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await Promise.all(gateways.map((gateway) => gateway.close()));
});

async function start(quotas: Record<string, unknown>, poolSize = 2): Promise<string> {
  const bearer = Object.entries(tokens).map(([name, token]) => ({ name, token }));
  const gateway = createGateway(parseGatewayConfig({ mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER] } }, auth: { bearer }, quotas, poolSize }), {
    log: () => undefined,
  });
  gateways.push(gateway);
  await gateway.start();
  return (await gateway.listen({ port: 0 })).url;
}

type Caller = { callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown> };

async function connect(url: string, name: keyof typeof tokens, era: "2025" | "2026" = "2025"): Promise<Caller> {
  const requestInit = { headers: { authorization: `Bearer ${tokens[name]}` } };
  if (era === "2026") {
    const client = new StatelessClient({ name, version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StatelessClientTransport(new URL(url), { requestInit }));
    clients.push(client);
    return client;
  }
  const client = new Client({ name, version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit }));
  clients.push(client);
  return client;
}

interface Answer {
  isError?: boolean;
  content: { text: string }[];
  structuredContent?: { status: string };
  _meta?: { "codemode/error"?: Record<string, unknown> };
}

const run = async (caller: Caller, code: string) => (await caller.callTool({ name: "execute", arguments: { code } })) as Answer;
const SLOW = "return (await tools.faulty.slow({ ms: 1500 })).ok;";
const outcome = (answer: Answer) => answer._meta?.["codemode/error"]?.quota ?? answer.structuredContent?.status;

describe("createGateway's quotas", () => {
  it("refuses a principal's execution past its concurrent quota with a retryable error naming it, in both eras", async () => {
    const url = await start({ maxConcurrentExecutions: 1 });
    for (const era of ["2025", "2026"] as const) {
      const ana = await connect(url, "ana", era);
      const answers = await Promise.all([run(ana, SLOW), run(ana, SLOW)]);
      expect(answers.map(outcome).sort()).toEqual(["completed", "maxConcurrentExecutions"]);
      const refused = answers.find((answer) => answer.isError)!;
      expect(refused._meta?.["codemode/error"]).toMatchObject({ code: "limit_exceeded", retryable: true, limit: 1 });
      expect(refused.content[0]?.text).toContain("Quota exceeded: ana has 1 executions running (quotas.maxConcurrentExecutions is 1)");
    }
  });

  it("keeps serving another principal while one is at its quota", async () => {
    const url = await start({ maxConcurrentExecutions: 1 });
    const [ana, bob] = await Promise.all([connect(url, "ana"), connect(url, "bob")]);
    const [first, second, other] = await Promise.all([run(ana, SLOW), run(ana, SLOW), run(bob, "return 2;")]);
    expect([first, second].map(outcome).sort()).toEqual(["completed", "maxConcurrentExecutions"]);
    expect(outcome(other)).toBe("completed");
  });

  it("refuses a principal past its executions per minute, saying how long to wait", async () => {
    const url = await start({ maxExecutionsPerMinute: 2, principals: { bob: { maxExecutionsPerMinute: 10 } } });
    const [ana, bob] = await Promise.all([connect(url, "ana"), connect(url, "bob")]);
    expect([await run(ana, "return 1;"), await run(ana, "return 2;")].map(outcome)).toEqual(["completed", "completed"]);
    const refused = await run(ana, "return 3;");
    expect(refused._meta?.["codemode/error"]).toMatchObject({ quota: "maxExecutionsPerMinute", limit: 2, retryable: true });
    expect(Number(refused._meta?.["codemode/error"]?.retryAfterMs)).toBeGreaterThan(0);
    expect(outcome(await run(bob, "return 4;"))).toBe("completed");
  });

  it("refuses, once the queue past the pool is full, whoever asks next", async () => {
    const url = await start({ maxQueuedExecutions: 0 }, 1);
    const [ana, bob] = await Promise.all([connect(url, "ana"), connect(url, "bob")]);
    const answers = await Promise.all([run(ana, SLOW), run(bob, SLOW)]);
    expect(answers.map(outcome).sort()).toEqual(["completed", "maxQueuedExecutions"]);
  });
});

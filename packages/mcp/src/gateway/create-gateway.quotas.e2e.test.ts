import { Client as StatelessClient, StreamableHTTPClientTransport as StatelessClientTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { ASKING_SERVER_2026, FAULT_SERVER, until } from "../__fixtures__/fixtures.js";
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

async function start(quotas: Record<string, unknown>, poolSize = 2, limits?: Record<string, number>): Promise<string> {
  const bearer = Object.entries(tokens).map(([name, token]) => ({ name, token }));
  const mcpServers = { faulty: { command: process.execPath, args: [FAULT_SERVER] }, asking: { command: process.execPath, args: [ASKING_SERVER_2026] } };
  const config = { mcpServers, auth: { bearer }, quotas, poolSize, ...(limits ? { limits } : {}) };
  const gateway = createGateway(parseGatewayConfig(config), { log: () => undefined });
  gateways.push(gateway);
  await gateway.start();
  return (await gateway.listen({ port: 0 })).url;
}

type Caller = { callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown> };

async function connect(url: string, name: keyof typeof tokens, era: "2025" | "2026" = "2025"): Promise<Caller> {
  return era === "2025" ? connectSession(url, name) : connectStateless(url, name);
}

async function connectStateless(url: string, name: keyof typeof tokens, capabilities = {}): Promise<StatelessClient> {
  const requestInit = { headers: { authorization: `Bearer ${tokens[name]}` } };
  const client = new StatelessClient({ name, version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities });
  await client.connect(new StatelessClientTransport(new URL(url), { requestInit }));
  clients.push(client);
  return client;
}

async function connectSession(url: string, name: keyof typeof tokens): Promise<Client> {
  const requestInit = { headers: { authorization: `Bearer ${tokens[name]}` } };
  const client = new Client({ name, version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit }));
  clients.push(client);
  return client;
}

interface Answer {
  isError?: boolean;
  content: { text: string }[];
  structuredContent?: { status: string; result?: unknown };
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

// Runs that would hang for ten minutes unless cancelled: nothing here waits for a timeout.
const NO_TIMEOUT = { timeoutMs: 600_000, callTimeoutMs: 600_000 };
const HANG = "await tools.faulty.hang({}); return 'never';";
const HANGING = "return (await tools.faulty.hanging_count({})).data;";

/**
 * Starts `code` as one raw execute request of `name` in an era, waits until the upstream holds its call, then drops
 * the connection without a word, as a client that crashed or lost its network would.
 */
async function startThenDisconnect(url: string, name: keyof typeof tokens, era: "2025" | "2026", code: string, watcher: Caller): Promise<void> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${tokens[name]}`,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  const params: Record<string, unknown> = { name: "execute", arguments: { code } };
  if (era === "2025") {
    const client = new Client({ name, version: "1" });
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: headers.authorization! } } });
    await client.connect(transport);
    clients.push(client);
    Object.assign(headers, { "mcp-session-id": transport.sessionId!, "mcp-protocol-version": "2025-11-25" });
  } else {
    Object.assign(headers, { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "execute" });
    params._meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name, version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
  }
  const before = Number((await run(watcher, HANGING)).structuredContent?.result);
  const controller = new AbortController();
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params });
  const response = fetch(url, { method: "POST", headers, body, signal: controller.signal }).then((answer) => answer.body?.getReader().read());
  response.catch(() => undefined);
  await until(async () => Number((await run(watcher, HANGING)).structuredContent?.result) > before);
  controller.abort();
}

describe("createGateway's quotas when a caller goes away", () => {
  for (const era of ["2025", "2026"] as const) {
    it(`holds the slot of a ${era}-era run whose client disconnected until the run has ended, and cancels its upstream call`, async () => {
      const url = await start({ maxConcurrentExecutions: 1 }, 2, NO_TIMEOUT);
      const bob = await connect(url, "bob", era);
      await startThenDisconnect(url, "ana", era, HANG, bob);
      // Ana's next run is refused while the first one lasts; once admitted, the first run's upstream call is gone.
      const ana = await connect(url, "ana", era);
      const admitted = await until(async () => {
        const answer = await run(ana, HANGING);
        return outcome(answer) === "completed" ? answer : undefined;
      });
      expect(admitted?.structuredContent?.result).toBe(0);
      expect((await run(bob, "return (await tools.faulty.cancelled_count({})).data;")).structuredContent?.result).toBeGreaterThan(0);
    });
  }
});

describe("createGateway's quotas while a run outlives its request", () => {
  it("holds the slot of a 2026-era run waiting for its caller's answer, and admits the retry that answers it", async () => {
    const url = await start({ maxConcurrentExecutions: 1 }, 2, NO_TIMEOUT);
    const ana = await connectStateless(url, "ana", { elicitation: { form: {} } });
    const params = { name: "execute", arguments: { code: "return (await tools.asking.ask_city({})).data;" } };
    const asked = (await ana.request({ method: "tools/call", params }, { allowInputRequired: true })) as { inputRequests?: Record<string, unknown>; requestState?: string };
    expect(Object.keys(asked.inputRequests ?? {})).toHaveLength(1);
    // The run waits in the gateway for the answer: a second run of Ana's would overlap it.
    expect(outcome(await run(ana, "return 1;"))).toBe("maxConcurrentExecutions");
    const inputResponses = Object.fromEntries(Object.keys(asked.inputRequests!).map((key) => [key, { action: "accept", content: { city: "Porto" } }]));
    const answered = (await ana.request({ method: "tools/call", params: { ...params, inputResponses, requestState: asked.requestState } })) as Answer;
    expect(answered.structuredContent).toMatchObject({ status: "completed", result: "city: Porto" });
    expect(outcome(await run(ana, "return 1;"))).toBe("completed");
  });

  for (const era of ["2025", "2026"] as const) {
    it(`cancels a ${era}-era run whose client cancels its request, and frees the slot once the run has ended`, async () => {
      const url = await start({ maxConcurrentExecutions: 1 }, 2, NO_TIMEOUT);
      const [ana, bob] = await Promise.all([connect(url, "ana", era), connect(url, "bob", era)]);
      const cancel = new AbortController();
      const params = { name: "execute", arguments: { code: HANG } };
      // SDK 1.32 sends notifications/cancelled; SDK 2 on a 2026-07-28 connection drops the request's stream.
      const hung = ana instanceof Client ? ana.callTool(params, undefined, { signal: cancel.signal }) : (ana as StatelessClient).callTool(params, { signal: cancel.signal });
      hung.catch(() => undefined);
      await until(async () => Number((await run(bob, HANGING)).structuredContent?.result) > 0);
      cancel.abort();
      const admitted = await until(async () => {
        const answer = await run(ana, HANGING);
        return outcome(answer) === "completed" ? answer : undefined;
      });
      expect(admitted?.structuredContent?.result).toBe(0);
    });
  }
});

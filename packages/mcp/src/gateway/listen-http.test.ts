import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { Server as StatelessServer } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { until } from "../__fixtures__/fixtures.js";
import { createQuotas } from "../quotas/index.js";
import { listenHttp, type HttpListener } from "./listen-http.js";

const listeners: HttpListener[] = [];
const clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
});

async function listen(options: Partial<Parameters<typeof listenHttp>[0]>): Promise<HttpListener> {
  const createServer = () => new Server({ name: "listen-http-test", version: "1.0.0" }, { capabilities: { tools: {} } });
  const createStatelessServer = () => new StatelessServer({ name: "listen-http-test", version: "1.0.0" }, { capabilities: { tools: {} } });
  const watchTools = () => () => undefined;
  const quotas = createQuotas({ maxExecutionsPerMinute: 1 }, { poolSize: 1 });
  const common = { authentication: {}, quotas, executeName: "execute", watchTools, log: () => undefined };
  const listener = await listenHttp({ port: 0, createServer, createStatelessServer, ...common, ...options });
  listeners.push(listener);
  return listener;
}

/** Connects a real client and returns its MCP session id. */
async function connect(listener: HttpListener): Promise<{ client: Client; sessionId: string }> {
  const transport = new StreamableHTTPClientTransport(new URL(listener.url));
  const client = new Client({ name: "listen-http-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return { client, sessionId: transport.sessionId! };
}

/** The HTTP status of a ping in a session, asked without any client's help. */
async function ping(listener: HttpListener, sessionId: string): Promise<number> {
  const response = await fetch(listener.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
  await response.body?.cancel();
  return response.status;
}

describe("listenHttp", () => {
  it("closes a session whose client left without ending it, once it has been idle long enough", async () => {
    // Idle time long enough for a loaded machine's handshake, whose steps are activity too.
    const listener = await listen({ idleSessionMs: 1500 });
    const { client, sessionId } = await connect(listener);
    expect(await ping(listener, sessionId)).toBe(200);
    // close() without terminateSession(): no DELETE reaches the server, as with most clients that go away.
    await client.close();
    // Each ping is activity, so ask only now and then, well past the idle time.
    let status = 200;
    for (let attempt = 0; attempt < 8 && status === 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      status = await ping(listener, sessionId);
    }
    expect(status).toBe(404);
  }, 60_000);

  it("keeps a session whose client is still there and asking", async () => {
    const listener = await listen({ idleSessionMs: 1500 });
    const { client, sessionId } = await connect(listener);
    for (let round = 0; round < 6; round++) {
      await client.ping();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await ping(listener, sessionId)).toBe(200);
  });

  it("closes the session idle the longest to admit one past maxSessions", async () => {
    const listener = await listen({ maxSessions: 2 });
    const first = await connect(listener);
    const second = await connect(listener);
    await first.client.close();
    await second.client.ping();
    await connect(listener);
    await until(async () => (await ping(listener, first.sessionId)) === 404 || undefined, 10_000);
    expect(await ping(listener, second.sessionId)).toBe(200);
  });
});

describe("listenHttp's sessions among principals", () => {
  const tokens = { alice: "sessions-alice-token-0123", mallory: "sessions-mallory-token-012", bob: "sessions-bob-token-01234567" };
  const headers = (name: keyof typeof tokens, sessionId?: string) => ({
    authorization: `Bearer ${tokens[name]}`,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    ...(sessionId ? { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" } : {}),
  });
  /** Opens a session without a client (so without its event stream: idle between requests); its id, or the refusal. */
  const initialize = async (listener: HttpListener, name: keyof typeof tokens) => {
    const params = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name, version: "1" } };
    const response = await fetch(listener.url, { method: "POST", headers: headers(name), body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params }) });
    const text = await response.text();
    return { status: response.status, sessionId: response.headers.get("mcp-session-id") ?? "", text };
  };
  const pingAs = async (listener: HttpListener, name: keyof typeof tokens, sessionId: string) => {
    const response = await fetch(listener.url, { method: "POST", headers: headers(name, sessionId), body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }) });
    await response.body?.cancel();
    return response.status;
  };

  it("closes only the sessions of a principal past its share to admit another, and refuses it when none of them is idle", async () => {
    const bearer = Object.entries(tokens).map(([name, token]) => ({ name, token }));
    const listener = await listen({ maxSessions: 4, authentication: { bearer } });
    const alice = await initialize(listener, "alice");
    // Mallory fills the table, then keeps opening sessions: each new one closes one of her own, never Alice's.
    const mallory = [];
    for (let round = 0; round < 8; round++) mallory.push(await initialize(listener, "mallory"));
    expect(mallory.map(({ status }) => status)).toEqual(mallory.map(() => 200));
    expect(await pingAs(listener, "alice", alice.sessionId)).toBe(200);
    const open = (await Promise.all(mallory.map(async ({ sessionId }) => ((await pingAs(listener, "mallory", sessionId)) === 200 ? sessionId : undefined)))).filter(Boolean);
    expect(open).toHaveLength(3);
    // With an event stream open on each, none of hers is idle: her next session is refused, saying why.
    const streams = await Promise.all(open.map((sessionId) => fetch(listener.url, { headers: { ...headers("mallory", sessionId!), accept: "text/event-stream" } })));
    const refused = await initialize(listener, "mallory");
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("sessions open");
    // Bob, within his share, still gets one; Alice still has hers.
    expect((await initialize(listener, "bob")).status).toBe(200);
    expect(await pingAs(listener, "alice", alice.sessionId)).toBe(200);
    await Promise.all(streams.map((stream) => stream.body?.cancel()));
  });
});

describe("listenHttp's hooks", () => {
  it("runs every request inside `around`, and tells who authenticated and which quota refused", async () => {
    const seen: string[] = [];
    const listener = await listen({
      authentication: { bearer: [{ name: "ana", token: "hooks-test-token-0123456789" }] },
      around: async (request, next) => {
        const response = await next(request);
        seen.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
        return response;
      },
      route: async (request) => (new URL(request.url).pathname === "/healthz" ? new Response("ok") : undefined),
      onAuthenticated: (principal) => seen.push(`as ${principal.name}`),
      onQuotaRefusal: (quota) => seen.push(`refused by ${quota}`),
    });
    expect(await (await fetch(new URL("/healthz", listener.url))).text()).toBe("ok");
    const call = (id: number) =>
      fetch(listener.url, {
        method: "POST",
        headers: { authorization: "Bearer hooks-test-token-0123456789", "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "execute" },
        body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "execute", arguments: { code: "return 1" }, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } }),
      }).then(async (response) => ({ status: response.status, text: await response.text() }));
    await call(1);
    const refused = await call(2);
    expect(refused.text).toContain("quotas.maxExecutionsPerMinute is 1");
    expect(seen).toEqual(["GET /healthz 200", "as ana", expect.stringMatching(/^POST \/mcp /), "as ana", "refused by maxExecutionsPerMinute", "POST /mcp 200"]);
  });

  it("stops accepting connections on stopAccepting, and still closes", async () => {
    const listener = await listen({});
    listener.stopAccepting();
    await expect(fetch(listener.url)).rejects.toThrow();
    await listener.close();
  });
});

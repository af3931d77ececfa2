import { Client as StatelessClient, StreamableHTTPClientTransport as StatelessClientTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../__fixtures__/fixtures.js";
import { serveMcpHttp, type ServedMcp } from "../__fixtures__/serve-mcp-http.js";
import { HAS_REDIS, NO_REDIS, startRedisServer, type RedisServer } from "../cluster/__fixtures__/redis-server.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "./index.js";

// Two gateways in this process, as two replicas of one cluster: one real redis-server, one upstream MCP server over
// Streamable HTTP that both reach, real clients of both MCP eras talking to each replica directly (no load balancer:
// each test picks the replica a request lands on).
if (!HAS_REDIS) console.warn(NO_REDIS);

const TOKEN = "cluster-test-token-0123456789";
const LIMITED_TOKEN = "cluster-test-limited-0123456789";
const OTHER_TOKEN = "cluster-test-other-0123456789";
const METRICS_TOKEN = "cluster-test-metrics-0123456789";
const LATEST = "2026-07-28";
const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });

// eslint-disable-next-line codemode/no-skipped-tests -- needs redis-server, which a machine may lack (it says so above)
describe.skipIf(!HAS_REDIS)("createGateway in a cluster", () => {
  let redis: RedisServer;
  let upstream: ServedMcp;
  const replicas: { gateway: Gateway; listener: HttpListener }[] = [];
  let wipes = 0;
  const closers: (() => Promise<unknown>)[] = [];
  const tools: Tool[] = [
    { name: "grow", description: "Adds the tool grown.", inputSchema: { type: "object" } },
    { name: "wipe", description: "Wipes everything.", inputSchema: { type: "object" }, annotations: { destructiveHint: true } },
  ];

  async function startReplica(replicaId: string) {
    const config = parseGatewayConfig({
      mcpServers: { served: { type: "http", url: upstream.url } },
      auth: { bearer: [{ name: "tester", token: TOKEN }, { name: "limited", token: LIMITED_TOKEN }, { name: "other", token: OTHER_TOKEN }] },
      quotas: { principals: { limited: { maxExecutionsPerMinute: 2 } } },
      approvals: { destructive: true },
      metrics: { token: METRICS_TOKEN },
      cluster: { redisUrl: redis.url, replicaId },
      sessions: { ttlMs: 60_000 },
      poolSize: 1,
    });
    const gateway = createGateway(config, { log: () => undefined });
    await gateway.start();
    const listener = await gateway.listen({ port: 0 });
    replicas.push({ gateway, listener });
    return { gateway, listener };
  }

  async function sessionClient(replica: number, token = TOKEN): Promise<Client> {
    const client = new Client({ name: "cluster-2025", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(replicas[replica]!.listener.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    await client.connect(transport);
    closers.push(() => client.close());
    return client;
  }

  async function statelessClient(replica: number): Promise<StatelessClient> {
    const client = new StatelessClient(
      { name: "cluster-2026", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: LATEST } }, capabilities: { elicitation: { form: {} } }, inputRequired: { autoFulfill: false } },
    );
    await client.connect(new StatelessClientTransport(new URL(replicas[replica]!.listener.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    closers.push(() => client.close());
    return client;
  }

  async function execute(client: Client | StatelessClient, code: string, sessionId?: string): Promise<{ answer: CallToolResult; result: ExecutionResult }> {
    const answer = (await client.callTool({ name: "execute", arguments: sessionId ? { code, sessionId } : { code } })) as CallToolResult;
    return { answer, result: answer.structuredContent as unknown as ExecutionResult };
  }

  const get = (replica: number, path: string, headers: Record<string, string> = {}) => fetch(new URL(path, replicas[replica]!.listener.url), { headers });

  beforeAll(async () => {
    redis = await startRedisServer();
    upstream = await serveMcpHttp({
      tools,
      async call(name, _args, _signal, toolsChanged) {
        if (name === "grow") {
          if (!tools.some((tool) => tool.name === "grown")) tools.push({ name: "grown", description: "Grown on demand.", inputSchema: { type: "object" } });
          // Only the calling client hears of it: the other replica must learn it from the cluster.
          await toolsChanged();
          return text("grew");
        }
        if (name === "wipe") wipes++;
        return text(name === "grown" ? "I am new" : "wiped");
      },
    });
    await startReplica("replica-a");
    await startReplica("replica-b");
  });

  afterAll(async () => {
    await Promise.all(closers.map((close) => close().catch(() => undefined)));
    await Promise.all(replicas.map(({ gateway }) => gateway.close()));
    await upstream?.close();
    await redis?.close();
  });

  it("names the replica in every HTTP response, and reports Redis in /readyz", async () => {
    const [a, b] = await Promise.all([get(0, "/readyz"), get(1, "/readyz")]);
    expect([a.headers.get("x-codemode-replica"), b.headers.get("x-codemode-replica")]).toEqual(["replica-a", "replica-b"]);
    expect(a.status).toBe(200);
    expect(await a.json()).toMatchObject({ status: "ready", cluster: { replica: "replica-a", redis: "up" } });
    const mcp = await fetch(replicas[1]!.listener.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(mcp.headers.get("x-codemode-replica")).toBe("replica-b");
  });

  it("runs a code session's next execution on another replica, in either MCP era, with the state the first one left", async () => {
    const opened = await execute(await sessionClient(0), "total = 3; const names = ['ana']; return total;", "new");
    expect(opened.result).toMatchObject({ status: "completed", result: 3 });
    const sessionId = opened.result.sessionId!;
    const onB = await execute(await sessionClient(1), "names.push('bob'); total += 1; return { total, names };", sessionId);
    expect(onB.result).toMatchObject({ status: "completed", result: { total: 4, names: ["ana", "bob"] }, sessionId });
    // A 2026-07-28 client back on the first replica sees what the second one saved.
    const again = await execute(await statelessClient(0), "return total * 10;", sessionId);
    expect(again.result).toMatchObject({ status: "completed", result: 40 });
    // Another token gets the answer an unknown id gets, on any replica.
    const stranger = await execute(await sessionClient(1, OTHER_TOKEN), "return total;", sessionId);
    expect(stranger.result).toMatchObject({ status: "failed", error: { kind: "SessionNotFound" } });
  });

  it("tells the other replica's clients when one replica hears that an upstream's tools changed", async () => {
    const onB = await sessionClient(1);
    let changed = 0;
    onB.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    const onA = await sessionClient(0);
    expect((await execute(onA, "return (await tools.served.grow({})).data;")).result).toMatchObject({ status: "completed", result: "grew" });
    await until(() => changed > 0);
    expect((await execute(onB, "return (await tools.served.grown({})).data;")).result).toMatchObject({ status: "completed", result: "I am new" });
  });

  it("counts a principal's executions per minute across replicas", async () => {
    const [onA, onB] = [await sessionClient(0, LIMITED_TOKEN), await sessionClient(1, LIMITED_TOKEN)];
    expect((await execute(onA, "return 1;")).result.status).toBe("completed");
    expect((await execute(onB, "return 2;")).result.status).toBe("completed");
    const refused = await execute(onA, "return 3;");
    expect(refused.answer.isError).toBe(true);
    expect(refused.answer._meta?.["codemode/error"]).toMatchObject({ code: "limit_exceeded", quota: "maxExecutionsPerMinute", limit: 2 });
  });

  it("resumes on one replica the run another paused at an approval, and runs it once when the retry comes to both", async () => {
    const [onA, onB] = [await statelessClient(0), await statelessClient(1)];
    const wipesBefore = wipes;
    const code = "return (await tools.served.wipe({})).data;";
    const params = { name: "execute", arguments: { code } };
    const first = (await onA.request({ method: "tools/call", params }, { allowInputRequired: true })) as unknown as { inputRequests: object; requestState: string };
    const inputResponses = Object.fromEntries(Object.keys(first.inputRequests).map((key) => [key, { action: "accept", content: {} }]));
    const retry = { method: "tools/call" as const, params: { ...params, inputResponses, requestState: first.requestState } };
    const resumed = (await onB.request(retry, { allowInputRequired: true })) as unknown as CallToolResult;
    expect(resumed.structuredContent).toMatchObject({ status: "completed", result: "wiped" });
    // The continuation was claimed in Redis: the same retry on the replica that paused the run runs nothing.
    const again = (await onA.request(retry, { allowInputRequired: true })) as unknown as CallToolResult;
    expect(again.structuredContent).toMatchObject({ status: "failed", error: { kind: "ContinuationRefused" } });
    expect(wipes - wipesBefore).toBe(1);
  });

  it("answers 404 on a replica that does not know a 2025 session, and keeps a session to the token that opened it", async () => {
    const onA = await sessionClient(0);
    const transport = (onA as unknown as { transport: StreamableHTTPClientTransport }).transport;
    const sessionId = transport.sessionId!;
    const post = (replica: number, token: string) =>
      fetch(replicas[replica]!.listener.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${token}`,
          "mcp-session-id": sessionId,
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
    const elsewhere = await post(1, TOKEN);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get("x-codemode-replica")).toBe("replica-b");
    expect((await post(0, LIMITED_TOKEN)).status).toBe(404);
    expect((await post(0, TOKEN)).status).toBe(200);
  });

  it("takes the cluster as a createGateway option too, checking it as the config's", async () => {
    const config = parseGatewayConfig({ mcpServers: {} });
    expect(() => createGateway(config, { cluster: { redisUrl: "localhost:6379" } })).toThrow(
      expect.objectContaining({ code: "INVALID_CONFIG", message: expect.stringContaining("cluster.redisUrl: must be a Redis URL") }),
    );
    const gateway = createGateway(config, { log: () => undefined, cluster: { redisUrl: redis.url, replicaId: "replica-c" } });
    try {
      const listener = await gateway.listen({ port: 0 });
      const ready = await fetch(new URL("/readyz", listener.url));
      expect(ready.headers.get("x-codemode-replica")).toBe("replica-c");
      expect(await ready.json()).toMatchObject({ cluster: { replica: "replica-c", redis: "up" } });
    } finally {
      await gateway.close();
    }
  });

  it("keeps running executions without sessions while Redis is away, reports it, and finds Redis again by itself", async () => {
    const onA = await sessionClient(0);
    await redis.stop();
    try {
      await until(async () => ((await (await get(0, "/readyz")).json()) as { cluster: { redis: string } }).cluster.redis === "down");
      const ready = await get(0, "/readyz");
      expect(ready.status).toBe(200);
      expect((await execute(onA, "return 40 + 2;")).result).toMatchObject({ status: "completed", result: 42 });
      const inSession = await execute(onA, "return 1;", "new");
      expect(inSession.answer.isError).toBe(true);
      expect(inSession.result).toMatchObject({ status: "failed", error: { kind: "SessionUnavailable", message: expect.stringContaining("try again") } });
      const metrics = await (await get(0, "/metrics", { authorization: `Bearer ${METRICS_TOKEN}` })).text();
      expect(metrics).toMatch(/^codemode_redis_up 0$/m);
    } finally {
      await redis.start();
    }
    await until(async () => ((await (await get(0, "/readyz")).json()) as { cluster: { redis: string } }).cluster.redis === "up");
    await until(async () => /^codemode_redis_up 1$/m.test(await (await get(1, "/metrics", { authorization: `Bearer ${METRICS_TOKEN}` })).text()));
  });
});

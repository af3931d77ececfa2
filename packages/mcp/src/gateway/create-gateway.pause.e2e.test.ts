import { Client as StatelessClient, StreamableHTTPClientTransport as StatelessClientTransport } from "@modelcontextprotocol/client";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HAS_REDIS, NO_REDIS, startRedisServer, type RedisServer } from "../cluster/__fixtures__/redis-server.js";
import { serveMcpHttp, type ServedMcp } from "../__fixtures__/serve-mcp-http.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "./index.js";

// Two gateway replicas of one cluster (a real Redis between them) in front of one Streamable HTTP upstream that
// counts what ran, and real 2026-07-28 clients (SDK 2.x): the replica that paused a run for an approval is not the
// one that answers the retry, and nothing of the run was held in memory meanwhile.
const TOKEN = "pause-test-token-0123456789abcdef";
const LATEST = "2026-07-28";

if (!HAS_REDIS) console.warn(NO_REDIS);

const ran = { listed: 0, refunded: [] as number[] };
let redis: RedisServer;
let upstream: ServedMcp;
const replicas: { gateway: Gateway; listener: HttpListener }[] = [];
const closers: (() => Promise<void>)[] = [];

interface Round {
  inputRequests?: Record<string, { method?: string; params?: { message?: string } }>;
  requestState?: string;
  structuredContent?: ExecutionResult;
}

/** A v2 client pinned to 2026-07-28 that declares elicitation and leaves retrying to the test. */
async function connect(url: string): Promise<StatelessClient> {
  const client = new StatelessClient(
    { name: "pause-2026", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: LATEST } }, capabilities: { elicitation: { form: {} } }, inputRequired: { autoFulfill: false } },
  );
  await client.connect(new StatelessClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
  closers.push(() => client.close());
  return client;
}

async function round(client: StatelessClient, code: string, retry: Record<string, unknown> = {}): Promise<Round> {
  const params = { name: "execute", arguments: { code }, ...retry };
  return (await client.request({ method: "tools/call", params }, { allowInputRequired: true })) as unknown as Round;
}

const answerAll = (asked: Round, action: "accept" | "decline") =>
  Object.fromEntries(Object.keys(asked.inputRequests ?? {}).map((key) => [key, { action, ...(action === "accept" ? { content: {} } : {}) }]));

const CODE = `const listed = await tools.ledger.list_invoices({});
const refund = await tools.ledger.refund({ cents: listed.data.invoices[0] });
return refund.ok ? "refunded" : refund.error.message;`;

// eslint-disable-next-line codemode/no-skipped-tests -- needs redis-server, which a machine may lack (it says so above)
describe.skipIf(!HAS_REDIS)("createGateway (a 2026-07-28 caller's approvals pause the run)", () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    upstream = await serveMcpHttp({
      tools: [
        { name: "list_invoices", description: "List the invoices.", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
        {
          name: "refund",
          description: "Refund an amount in cents.",
          inputSchema: { type: "object", properties: { cents: { type: "number" } }, required: ["cents"] },
          annotations: { destructiveHint: true },
        },
      ],
      async call(name, args) {
        if (name === "list_invoices") {
          ran.listed++;
          return { content: [{ type: "text", text: "[250, 900]" }], structuredContent: { invoices: [250, 900] } };
        }
        ran.refunded.push(args["cents"] as number);
        return { content: [{ type: "text", text: "refunded" }] };
      },
    });
    for (const replicaId of ["replica-a", "replica-b"]) {
      const config = parseGatewayConfig({
        mcpServers: { ledger: { url: upstream.url } },
        approvals: { destructive: true },
        auth: { bearer: [{ name: "tester", token: TOKEN }] },
        cluster: { redisUrl: redis.url, replicaId },
        limits: { timeoutMs: 10_000 },
        poolSize: 1,
      });
      const gateway = createGateway(config, { log: () => undefined });
      await gateway.start();
      replicas.push({ gateway, listener: await gateway.listen({ port: 0 }) });
    }
  });

  beforeEach(() => {
    ran.listed = 0;
    ran.refunded.length = 0;
  });

  afterAll(async () => {
    await Promise.all(closers.map((close) => close().catch(() => undefined)));
    await Promise.all(replicas.map(({ gateway }) => gateway.close()));
    await upstream?.close();
    await redis?.close();
  });

  it("asks with an input-required result after running only the calls before the approval", async () => {
    const asked = await round(await connect(replicas[0]!.listener.url), CODE);
    const requests = Object.values(asked.inputRequests ?? {});
    expect(requests).toMatchObject([{ method: "elicitation/create", params: { message: 'A script wants to call ledger.refund with {"cents":250}. Allow this call?' } }]);
    expect(asked.requestState).toEqual(expect.any(String));
    expect(ran).toEqual({ listed: 1, refunded: [] });
  });

  it("resumes on the other replica when the retry accepts: the approved call runs once, nothing before it again", async () => {
    const asked = await round(await connect(replicas[0]!.listener.url), CODE);
    const other = await connect(replicas[1]!.listener.url);
    const done = await round(other, CODE, { inputResponses: answerAll(asked, "accept"), requestState: asked.requestState });
    expect(done.inputRequests).toBeUndefined();
    expect(done.structuredContent).toMatchObject({ status: "completed", result: "refunded" });
    expect(ran).toEqual({ listed: 1, refunded: [250] });
  });

  it("never runs a declined call; the script goes on with access_denied", async () => {
    const asked = await round(await connect(replicas[1]!.listener.url), CODE);
    const done = await round(await connect(replicas[0]!.listener.url), CODE, { inputResponses: answerAll(asked, "decline"), requestState: asked.requestState });
    expect(done.structuredContent).toMatchObject({ status: "completed", result: "The call to ledger.refund was denied: the user declined it." });
    expect(ran).toEqual({ listed: 1, refunded: [] });
  });

  it("resumes a continuation once: the same retry sent again runs nothing", async () => {
    const asked = await round(await connect(replicas[0]!.listener.url), CODE);
    const retry = { inputResponses: answerAll(asked, "accept"), requestState: asked.requestState };
    const first = await round(await connect(replicas[1]!.listener.url), CODE, retry);
    const again = await round(await connect(replicas[0]!.listener.url), CODE, retry);
    expect(first.structuredContent).toMatchObject({ status: "completed" });
    expect(again.structuredContent).toMatchObject({ status: "failed", error: { kind: "ContinuationRefused" } });
    expect(ran).toEqual({ listed: 1, refunded: [250] });
  });

  it("asks again, in a new round, about a call the retry left unanswered, and ignores answers to no call", async () => {
    const code = `const [a, b] = await Promise.all([tools.ledger.refund({ cents: 1 }), tools.ledger.refund({ cents: 2 })]);
return [a.ok, b.ok];`;
    const client = await connect(replicas[0]!.listener.url);
    const asked = await round(client, code);
    const [firstCall, secondCall] = Object.keys(asked.inputRequests ?? {});
    expect(secondCall).toBeDefined();
    const partly = await round(await connect(replicas[1]!.listener.url), code, {
      inputResponses: { [firstCall!]: { action: "accept", content: {} }, call_of_nobody: { action: "accept", content: {} } },
      requestState: asked.requestState,
    });
    expect(Object.keys(partly.inputRequests ?? {})).toEqual([secondCall]);
    const done = await round(client, code, { inputResponses: answerAll(partly, "decline"), requestState: partly.requestState });
    expect(done.structuredContent).toMatchObject({ status: "completed", result: [true, false] });
    expect(ran.refunded).toEqual([1]);
  });

  it("lets the real client answer by itself: callTool returns the finished run", async () => {
    const client = new StatelessClient(
      { name: "pause-2026-auto", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: LATEST } }, capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: {} }));
    await client.connect(new StatelessClientTransport(new URL(replicas[1]!.listener.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    closers.push(() => client.close());
    const answer = await client.callTool({ name: "execute", arguments: { code: CODE } });
    expect(answer.structuredContent).toMatchObject({ status: "completed", result: "refunded" });
    expect(ran).toEqual({ listed: 1, refunded: [250] });
  });
});

import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client as StatelessClient, StreamableHTTPClientTransport as StatelessClientTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startFaultHttp, until } from "../__fixtures__/fixtures.js";
import { parsePrometheusText, sample } from "../__fixtures__/prometheus-text.js";
import { recordSpans, type RecordedSpan } from "../__fixtures__/record-spans.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "../gateway/index.js";
import type { LogEntry } from "./index.js";

const TOKEN = "token-of-alice-000001";
const METRICS_TOKEN = "token-of-prometheus-01";
const folder = mkdtempSync(path.join(tmpdir(), "codemode-operate-"));
const AUDIT_FILE = path.join(folder, "audit.jsonl");

let gateway: Gateway;
let listener: HttpListener;
let origin: string;
const upstreams: Record<string, ChildProcess> = {};
const clients: { close(): Promise<void> }[] = [];
const logs: LogEntry[] = [];
const spans: RecordedSpan[] = [];
let stopRecording: () => void;

beforeAll(async () => {
  stopRecording = recordSpans(spans);
  const [alphaPort, betaPort] = [await freePort(), await freePort()];
  [upstreams.alpha, upstreams.beta] = await Promise.all([startFaultHttp(alphaPort), startFaultHttp(betaPort)]);
  const config = parseGatewayConfig({
    mcpServers: { alpha: { url: `http://127.0.0.1:${alphaPort}/mcp` }, beta: { url: `http://127.0.0.1:${betaPort}/mcp` } },
    auth: { bearer: [{ name: "alice", token: TOKEN }] },
    approvals: { tools: ["beta.echo"] },
    metrics: { token: METRICS_TOKEN },
    audit: { file: "audit.jsonl", includeArguments: true },
    poolSize: 1,
  });
  gateway = createGateway(config, { baseDir: folder, log: (_message, entry) => logs.push(entry), logLevel: "debug" });
  await gateway.start();
  listener = await gateway.listen({ port: 0 });
  origin = new URL(listener.url).origin;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await gateway?.close();
  for (const child of Object.values(upstreams)) child.kill();
  stopRecording?.();
});

async function connect(requestId?: string): Promise<{ client: Client; sessionId: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}`, ...(requestId ? { "x-request-id": requestId } : {}) };
  const transport = new StreamableHTTPClientTransport(new URL(listener.url), { requestInit: { headers } });
  const client = new Client({ name: "operate-e2e", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return { client, sessionId: transport.sessionId! };
}

async function execute(client: Client | StatelessClient, code: string): Promise<ExecutionResult> {
  const answer = await client.callTool({ name: "execute", arguments: { code } });
  return answer.structuredContent as unknown as ExecutionResult;
}

async function scrape(): Promise<Map<string, number>> {
  const response = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return parsePrometheusText(await response.text());
}

const auditRecords = () =>
  readFileSync(AUDIT_FILE, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const SCRIPTS = {
  success: `return (await tools.alpha.echo({ text: "hi" })).data;`,
  error: `throw new Error("boom");`,
  toolError: `return (await tools.alpha.fail({})).error.code;`,
  denied: `return (await tools.beta.echo({ text: "needs approval" })).error.code;`,
};

describe("the gateway's operations", () => {
  it("answers /healthz and /readyz without auth, naming upstreams but no tool", async () => {
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(200);
    const text = await ready.text();
    expect(JSON.parse(text)).toEqual({ status: "ready", upstreams: { up: ["alpha", "beta"], down: [] } });
    for (const tool of ["echo", "slow", "fail"]) expect(text).not.toContain(tool);
    expect((await fetch(`${origin}/readyz`, { method: "POST" })).status).toBe(405);
    // The MCP endpoint beside them still wants its token.
    expect((await fetch(listener.url, { method: "POST", body: "{}", headers: { "content-type": "application/json" } })).status).toBe(401);
  });

  it("keeps /metrics behind its own token: neither none nor a gateway token opens it", async () => {
    expect((await fetch(`${origin}/metrics`)).status).toBe(401);
    expect((await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(401);
    expect((await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
  });

  it("counts executions by status and kind, and tool calls by upstream and outcome", async () => {
    const { client } = await connect();
    expect(await execute(client, SCRIPTS.success)).toMatchObject({ status: "completed", result: "echo: hi" });
    expect(await execute(client, SCRIPTS.error)).toMatchObject({ status: "failed", error: { kind: "ScriptError" } });
    expect(await execute(client, SCRIPTS.toolError)).toMatchObject({ status: "completed", result: "tool_error" });
    // The client declared no elicitation, so the call that needs approval is denied.
    expect(await execute(client, SCRIPTS.denied)).toMatchObject({ status: "completed", result: "access_denied" });
    const metrics = await scrape();
    expect(metrics.get(sample("codemode_executions_total", { status: "completed", error_kind: "none" }))).toBe(3);
    expect(metrics.get(sample("codemode_executions_total", { status: "failed", error_kind: "ScriptError" }))).toBe(1);
    expect(metrics.get(sample("codemode_execution_duration_seconds_count", { status: "completed" }))).toBe(3);
    expect(metrics.get(sample("codemode_execution_duration_seconds_count", { status: "failed" }))).toBe(1);
    expect(metrics.get(sample("codemode_execution_duration_seconds_bucket", { status: "completed", le: "+Inf" }))).toBe(3);
    expect(metrics.get(sample("codemode_tool_calls_total", { upstream: "alpha", outcome: "ok" }))).toBe(1);
    expect(metrics.get(sample("codemode_tool_calls_total", { upstream: "alpha", outcome: "tool_error" }))).toBe(1);
    expect(metrics.get(sample("codemode_tool_calls_total", { upstream: "beta", outcome: "access_denied" }))).toBe(1);
    expect(metrics.get(sample("codemode_upstream_up", { upstream: "alpha" }))).toBe(1);
    expect(metrics.get(sample("codemode_upstream_up", { upstream: "beta" }))).toBe(1);
    expect(metrics.get(sample("codemode_active_sessions"))).toBe(1);
    expect(metrics.get(sample("codemode_execution_queue_depth"))).toBe(0);
    expect(metrics.get(sample("codemode_executions_in_flight"))).toBe(0);
    expect(metrics.get(sample("codemode_quota_refusals_total"))).toBeUndefined();
  });

  it("counts a script's call of a tool nobody serves under one label, whatever its name", async () => {
    const { client } = await connect();
    await execute(client, `return (await tools.nobody_here.anything({})).error.code;`);
    const metrics = await scrape();
    expect([...metrics.keys()].some((key) => key.includes("nobody_here"))).toBe(false);
  });

  it("writes one audit line per execution, with the caller, the code's hash and the calls, and never a token", async () => {
    const { client, sessionId } = await connect("req-audit-1");
    const answer = await client.callTool({ name: "execute", arguments: { code: SCRIPTS.success } });
    // The arguments are recorded for the audit log only: the client's result is the usual one.
    expect((answer.structuredContent as unknown as ExecutionResult).toolCalls[0]).not.toHaveProperty("arguments");
    const record = (await until(() => auditRecords().find((line) => line.requestId === "req-audit-1")))!;
    expect(record).toMatchObject({
      event: "execute",
      principal: "alice",
      mcpSessionId: sessionId,
      codeSha256: sha256(SCRIPTS.success),
      status: "completed",
      toolCalls: [{ tool: "alpha.echo", ok: true, arguments: { text: "hi" } }],
    });
    expect(typeof record.durationMs).toBe("number");
    expect(Date.parse(record.time as string)).not.toBeNaN();
    expect(record).not.toHaveProperty("result");
    const failed = auditRecords().find((line) => line.codeSha256 === sha256(SCRIPTS.error));
    expect(failed).toMatchObject({ status: "failed", errorKind: "ScriptError", principal: "alice" });
    const denied = auditRecords().find((line) => line.codeSha256 === sha256(SCRIPTS.denied));
    expect(denied?.toolCalls).toEqual([expect.objectContaining({ tool: "beta.echo", ok: false, errorCode: "access_denied" })]);
    const text = readFileSync(AUDIT_FILE, "utf8");
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(METRICS_TOKEN);
  });

  it("audits a 2026-07-28 request too, and puts its request id on the execution's span", async () => {
    const client = new StatelessClient({ name: "operate-2026", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    const headers = { authorization: `Bearer ${TOKEN}`, "x-request-id": "req-2026-1" };
    await client.connect(new StatelessClientTransport(new URL(listener.url), { requestInit: { headers } }));
    clients.push(client);
    const code = `return "stateless";`;
    expect(await execute(client, code)).toMatchObject({ status: "completed", result: "stateless" });
    const record = await until(() => auditRecords().find((line) => line.codeSha256 === sha256(code)));
    expect(record).toMatchObject({ principal: "alice", requestId: "req-2026-1", status: "completed" });
    expect(record).not.toHaveProperty("mcpSessionId");
    const span = spans.find((recorded) => recorded.name === "codemode.execute" && recorded.attributes["codemode.request_id"] === "req-2026-1");
    expect(span?.attributes["codemode.status"]).toBe("completed");
  });

  it("audits an execution of a client connected without HTTP as the local user, with no request id", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await gateway.connect(serverSide);
    const client = new Client({ name: "operate-local", version: "1.0.0" });
    await client.connect(clientSide);
    clients.push(client);
    const code = `return "no http";`;
    expect(await execute(client, code)).toMatchObject({ status: "completed", result: "no http" });
    const record = await until(() => auditRecords().find((line) => line.codeSha256 === sha256(code)));
    expect(record).toMatchObject({ principal: "local", status: "completed" });
    expect(record).not.toHaveProperty("requestId");
  });

  it("logs each request at debug level with its id, which the response echoes", async () => {
    const response = await fetch(`${origin}/healthz`, { headers: { "x-request-id": "req-logs-1" } });
    expect(response.headers.get("x-request-id")).toBe("req-logs-1");
    const entry = await until(() => logs.find((line) => line.requestId === "req-logs-1"));
    expect(entry).toMatchObject({ level: "debug", method: "GET", path: "/healthz", status: 200, msg: "GET /healthz 200" });
    // An id that could forge log lines or headers is replaced by one of the gateway's own.
    const forged = await fetch(`${origin}/healthz`, { headers: { "x-request-id": "a b\"c" } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reports not ready, naming the upstreams down, once they are killed", async () => {
    const { client } = await connect();
    upstreams.alpha!.kill("SIGKILL");
    // The gateway learns of an HTTP upstream's death when a call to it fails.
    expect(await execute(client, `return (await tools.alpha.echo({ text: "x" })).ok;`)).toMatchObject({ result: false });
    const degraded = await until(async () => {
      const body = (await (await fetch(`${origin}/readyz`)).json()) as { upstreams: { down: { id: string }[] } };
      return body.upstreams.down.length > 0 ? body : undefined;
    });
    expect(degraded).toMatchObject({ status: "ready", upstreams: { up: ["beta"], down: [{ id: "alpha" }] } });
    expect((await scrape()).get(sample("codemode_upstream_up", { upstream: "alpha" }))).toBe(0);
    upstreams.beta!.kill("SIGKILL");
    await execute(client, `return (await tools.beta.slow({ ms: 1 })).ok;`);
    const response = await until(async () => {
      const answer = await fetch(`${origin}/readyz`);
      return answer.status === 503 ? answer : undefined;
    });
    expect(await response!.json()).toMatchObject({ status: "not ready", upstreams: { up: [], down: [{ id: "alpha" }, { id: "beta" }] } });
  });
});

describe("the metrics port", () => {
  it("refuses to serve when its port is taken (here by the MCP port of the gateway above), naming the key", async () => {
    const taken = createGateway(parseGatewayConfig({ mcpServers: {}, metrics: { port: listener.port }, poolSize: 1 }), { log: () => undefined });
    try {
      await expect(taken.listen({ port: 0 })).rejects.toMatchObject({ code: "INVALID_CONFIG", message: expect.stringContaining("metrics.port: cannot listen on 127.0.0.1:") });
    } finally {
      await taken.close();
    }
  });


  it("serves /metrics on a port of its own without a token, and not on the MCP port", async () => {
    const port = await freePort();
    const own = createGateway(parseGatewayConfig({ mcpServers: {}, metrics: { port }, poolSize: 1 }), { log: () => undefined });
    try {
      const mcp = await own.listen({ port: 0 });
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(parsePrometheusText(await metrics.text()).get(sample("codemode_executions_in_flight"))).toBe(0);
      expect((await fetch(`${new URL(mcp.url).origin}/metrics`)).status).toBe(404);
      // With no upstream at all there is nothing to serve.
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(503);
      expect((await fetch(`http://127.0.0.1:${port}/mcp`)).status).toBe(404);
    } finally {
      await own.close();
    }
  });
});

// Upstream faults through the whole gateway: a real MCP client over HTTP, the gateway, and misbehaving stdio and
// HTTP upstreams (src/__fixtures__/fault-server.mjs, fault-http-server.mjs) beside a healthy one (server-memory).
// The fault codes of the basic cases are checked in create-gateway.e2e.test.ts; this file checks what the script is
// told (the upstream by name), that the other upstreams keep working, and that each upstream comes back.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CallEnvelope, ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childProcesses, FAULT_SERVER, freePort, MEMORY_SERVER, startFaultHttp, until } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "./index.js";

const CALL_TIMEOUT_MS = 2000;
const folder = mkdtempSync(path.join(tmpdir(), "codemode-faults-"));
// While this file exists, the stdio fault server refuses to start: an upstream that stays down.
const downFlag = path.join(folder, "down");
let gateway: Gateway;
let listener: HttpListener;
let client: Client;
let remotePort: number;
let remote: ChildProcess | undefined;
let listChanged = 0;

async function execute(code: string): Promise<ExecutionResult> {
  const answer = await client.callTool({ name: "execute", arguments: { code } });
  return answer.structuredContent as unknown as ExecutionResult;
}

/** One tool call in its own run; the envelope the script received. */
/** Calls a tool by a computed name: the run, not the check, answers for a tool an upstream just dropped. */
async function call(tool: string, args: object = {}): Promise<CallEnvelope> {
  const [space, name] = tool.split(".");
  const result = await execute(`const [space, name] = ${JSON.stringify([space, name])};\nreturn await tools[space][name](${JSON.stringify(args)});`);
  expect(result.status).toBe("completed");
  return result.result as unknown as CallEnvelope;
}

const errorOf = (envelope: CallEnvelope) => (envelope.ok ? { code: "ok", message: JSON.stringify(envelope.data), retryable: false } : envelope.error);
const backUp = (tool: string) => until(async () => (await call(tool, { text: "back" })).ok, 20_000);

beforeAll(async () => {
  remotePort = await freePort();
  remote = await startFaultHttp(remotePort);
  const config = parseGatewayConfig({
    mcpServers: {
      faulty: { command: process.execPath, args: [FAULT_SERVER], env: { FAULT_DOWN_WHILE: downFlag }, timeoutMs: CALL_TIMEOUT_MS, maxResponseBytes: 1024 * 1024 },
      remote: { url: `http://127.0.0.1:${remotePort}/mcp`, timeoutMs: CALL_TIMEOUT_MS, maxResponseBytes: 1024 * 1024 },
      memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: path.join(folder, "memory.jsonl") } },
    },
    limits: { timeoutMs: 30_000 },
    poolSize: 2,
  });
  gateway = createGateway(config, { log: () => undefined });
  await gateway.start();
  listener = await gateway.listen({ port: 0 });
  client = new Client({ name: "faults-e2e", version: "1.0.0" });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void listChanged++);
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
});

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await gateway?.close();
  remote?.kill();
  rmSync(folder, { recursive: true, force: true });
});

describe("createGateway", () => {
  it.each([
    ["hang", "timeout", {}, true, `Upstream call faulty.hang got no answer within ${CALL_TIMEOUT_MS} ms.`],
    ["malformed", "tool_error", {}, false, "Upstream faulty returned a malformed result for faulty.malformed."],
    ["bad_structure", "tool_error", {}, false, "Upstream faulty returned a malformed result for faulty.bad_structure"],
    ["rpc_error", "tool_error", {}, false, "Upstream faulty answered faulty.rpc_error with an error: MCP error -32603: The ledger database is locked."],
    ["huge", "limit_exceeded", { mb: 2 }, false, "Upstream faulty.huge answered with more than the 1048576-byte limit; limits.maxResponseBytes (or mcpServers.faulty.maxResponseBytes) raises it."],
    ["crash", "unavailable", {}, true, "Upstream faulty closed the connection during faulty.crash."],
    ["disconnect", "unavailable", {}, true, "Upstream faulty closed the connection during faulty.disconnect."],
  ])("reports a stdio upstream's %s as %s, naming the upstream, and the upstream answers again", async (tool, code, args, retryable, message) => {
    const error = errorOf(await call(`faulty.${tool}`, args));
    expect(error).toMatchObject({ code, retryable });
    expect(error.message).toContain(message);
    await backUp("faulty.echo");
  });

  it("ignores a line of noise on a stdio upstream's stdout and takes the answer after it", async () => {
    expect(await call("faulty.garbage", { text: "after noise" })).toMatchObject({ ok: true, data: "echo: after noise" });
  });

  it("passes a slow answer that beats the timeout, and cancels upstream the one that does not", async () => {
    expect(await call("faulty.slow", { ms: 300 })).toMatchObject({ ok: true, data: "slept 300" });
    const before = (await call("faulty.cancelled_count")) as { data: number };
    expect(errorOf(await call("faulty.slow", { ms: 60_000 }))).toMatchObject({ code: "timeout" });
    expect(((await call("faulty.cancelled_count")) as { data: number }).data).toBe(before.data + 1);
  });

  it("drops an answer that arrives after the call timed out, and the next call gets its own answer", async () => {
    expect(errorOf(await call("faulty.late", { ms: CALL_TIMEOUT_MS + 300 }))).toMatchObject({ code: "timeout" });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await call("faulty.echo", { text: "mine" })).toMatchObject({ ok: true, data: "echo: mine" });
  });

  it("keeps the other upstreams answering, in the same run, while one hangs", async () => {
    const result = await execute(`
      const order = [];
      const settle = (name, promise) => promise.then((envelope) => (order.push(name), envelope));
      const [hung, graph, echoed] = await Promise.all([
        settle("faulty", tools.faulty.hang({})),
        settle("memory", tools.memory.read_graph({})),
        settle("remote", tools.remote.echo({ text: "alive" })),
      ]);
      return { order, hung: hung.ok ? "ok" : hung.error.code, graph: graph.ok, echoed: echoed.data };
    `);
    expect(result.result).toMatchObject({ hung: "timeout", graph: true, echoed: "echo: alive" });
    expect((result.result as { order: string[] }).order.at(-1)).toBe("faulty");
  });

  it("fails every call in flight when a stdio upstream crashes, and leaves exactly one server process after reconnecting", async () => {
    const result = await execute(`
      const calls = [tools.faulty.slow({ ms: 60000 }), tools.faulty.slow({ ms: 60000 }), tools.faulty.crash({})];
      return (await Promise.all(calls)).map((envelope) => envelope.ok ? "ok" : envelope.error.code);
    `);
    expect(result.result).toEqual(["unavailable", "unavailable", "unavailable"]);
    await backUp("faulty.echo");
    expect(childProcesses(FAULT_SERVER)).toHaveLength(1);
  });

  it("reports an upstream that stays down as unavailable, serves the others, and brings it back when it returns", async () => {
    writeFileSync(downFlag, "");
    try {
      expect(errorOf(await call("faulty.crash"))).toMatchObject({ code: "unavailable" });
      await until(() => gateway.upstreams().find((upstream) => upstream.id === "faulty")?.status === "down");
      const error = errorOf(await call("faulty.echo", { text: "anyone?" }));
      expect(error).toMatchObject({ code: "unavailable", retryable: true, message: expect.stringMatching(/^Upstream faulty is down \(.+\); retrying\.$/) });
      expect(await call("memory.read_graph")).toMatchObject({ ok: true });
      expect(await call("remote.echo", { text: "still here" })).toMatchObject({ ok: true, data: "echo: still here" });
    } finally {
      rmSync(downFlag, { force: true });
    }
    await backUp("faulty.echo");
    expect(gateway.upstreams().map((upstream) => upstream.status)).toEqual(["connected", "connected", "connected"]);
  });

  it("follows a tool list that grows and shrinks, and forgets tools a restarted server no longer has", async () => {
    const seen = listChanged;
    await call("faulty.add_tool", { name: "temporary" });
    await until(() => listChanged > seen, 5_000);
    expect(await call("faulty.temporary")).toMatchObject({ ok: true, data: "temporary" });
    await call("faulty.remove_tool", { name: "temporary" });
    await until(async () => errorOf(await call("faulty.temporary")).code === "not_found", 5_000);
    expect((await client.listTools()).tools[0]?.description).not.toContain("temporary");

    await call("faulty.add_tool", { name: "ephemeral" });
    await until(async () => (await call("faulty.ephemeral")).ok, 5_000);
    await call("faulty.crash");
    await backUp("faulty.echo");
    expect(errorOf(await call("faulty.ephemeral")).code).toBe("not_found");
  });

  it.each([
    ["hang", "timeout", {}, `Upstream call remote.hang got no answer within ${CALL_TIMEOUT_MS} ms.`],
    ["huge", "limit_exceeded", { mb: 2 }, "Upstream remote.huge answered with more than the 1048576-byte limit; limits.maxResponseBytes (or mcpServers.remote.maxResponseBytes) raises it."],
    ["disconnect", "unavailable", {}, "Upstream remote closed the connection during remote.disconnect."],
  ])("reports an HTTP upstream's %s as %s, naming the upstream, and the upstream answers again", async (tool, code, args, message) => {
    const error = errorOf(await call(`remote.${tool}`, args));
    expect(error).toMatchObject({ code });
    expect(error.message).toContain(message);
    await backUp("remote.echo");
  });

  it("tells clients when an HTTP upstream's tools change, and the new tool is callable", async () => {
    const seen = listChanged;
    await call("remote.add_tool", { name: "remote_late" });
    await until(() => listChanged > seen, 5_000);
    expect(await call("remote.remote_late")).toMatchObject({ ok: true, data: "remote_late" });
  });

  it("reports an HTTP upstream that crashed mid-call as unavailable, and reconnects once it is restarted", async () => {
    expect(errorOf(await call("remote.crash"))).toMatchObject({ code: "unavailable", message: expect.stringContaining("Upstream remote") });
    await until(() => remote?.exitCode !== null);
    const error = errorOf(await call("remote.echo", { text: "anyone?" }));
    expect(error).toMatchObject({ code: "unavailable", retryable: true, message: expect.stringContaining("Upstream remote") });
    expect(await call("faulty.echo", { text: "unaffected" })).toMatchObject({ ok: true, data: "echo: unaffected" });
    remote = await startFaultHttp(remotePort);
    await backUp("remote.echo");
  });

  it("is still whole after every fault: one run uses all three upstreams", async () => {
    const result = await execute(`
      const [a, b, c] = await Promise.all([tools.faulty.echo({ text: "a" }), tools.remote.echo({ text: "b" }), tools.memory.read_graph({})]);
      return [a.data, b.data, c.ok];
    `);
    expect(result.result).toEqual(["echo: a", "echo: b", true]);
    expect(gateway.upstreams().every((upstream) => upstream.status === "connected")).toBe(true);
  });
});

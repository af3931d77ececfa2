import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "../gateway/index.js";

const RECORDS_SERVER = fileURLToPath(new URL("../__fixtures__/records-server.mjs", import.meta.url));

let gateway: Gateway;
let listener: HttpListener;
const clients: Client[] = [];

/** A real SDK client over Streamable HTTP; with `answer` it declares elicitation and answers each request so. */
type Answer = (request: ElicitRequest["params"], signal: AbortSignal) => ElicitResult | Promise<ElicitResult>;

async function connect(answer?: Answer): Promise<Client> {
  const client = new Client({ name: "approver", version: "1.0.0" }, answer ? { capabilities: { elicitation: { form: {} } } } : {});
  if (answer) client.setRequestHandler(ElicitRequestSchema, (request, extra) => answer(request.params, extra.signal));
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
  clients.push(client);
  return client;
}

async function execute(client: Client, code: string): Promise<ExecutionResult> {
  const answer = await client.callTool({ name: "execute", arguments: { code } });
  return answer.structuredContent as unknown as ExecutionResult;
}

beforeAll(async () => {
  const config = parseGatewayConfig({
    mcpServers: { records: { command: process.execPath, args: [RECORDS_SERVER] } },
    approvals: { destructive: true, tools: ["records.purge_*"] },
    limits: { timeoutMs: 10_000 },
    poolSize: 1,
  });
  gateway = createGateway(config, { log: () => undefined });
  await gateway.start();
  listener = await gateway.listen({ port: 0 });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await gateway?.close();
});

describe("elicitApproval", () => {
  it("runs a destructive call once the client accepts, having shown the tool and its arguments", async () => {
    const asked: ElicitRequest["params"][] = [];
    const client = await connect((request) => (asked.push(request), { action: "accept", content: {} }));
    const result = await execute(client, `return await tools.records.delete_record({ id: "r1" });`);
    expect(result.result).toEqual({ ok: true, data: { deleted: true }, meta: { omitted: 0 } });
    expect(result.toolCalls[0]).toMatchObject({ ok: true, approval: { approved: true } });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe('A script wants to call records.delete_record with {"id":"r1"}. Allow this call?');
  });

  it("denies the call when the client declines, and the script goes on", async () => {
    const client = await connect(() => ({ action: "decline" }));
    const result = await execute(
      client,
      `const purged = await tools.records.purge_cache({});
       const listed = await tools.records.list_records({});
       return { purged: purged.error, listed: listed.data };`,
    );
    expect(result.status).toBe("completed");
    expect(result.result).toEqual({
      purged: { code: "access_denied", message: "The call to records.purge_cache was denied: the user declined it.", retryable: false },
      listed: expect.any(Array),
    });
  });

  it("never asks about tools the config does not cover", async () => {
    let asked = 0;
    const client = await connect(() => (asked++, { action: "decline" }));
    const result = await execute(client, `return (await tools.records.list_records({})).ok;`);
    expect(result.result).toBe(true);
    expect(asked).toBe(0);
  });

  it("withdraws the question when the client cancels the execution while a person decides, and runs nothing", async () => {
    // Over HTTP the client has closed the cancelled request's stream, so the withdrawal cannot reach it there; a
    // linked in-memory pair shows what a stdio client sees.
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    await gateway.connect(serverEnd);
    const client = new Client({ name: "approver", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    clients.push(client);
    let answerLate: (result: ElicitResult) => void = () => {};
    let questions = 0;
    const asked = new Promise<AbortSignal>((resolve) => {
      client.setRequestHandler(ElicitRequestSchema, (_request, extra) => {
        // SDK 1.32 ignores notifications/cancelled for request id 0, so the question under test is the second.
        if (++questions === 1) return { action: "decline" };
        resolve(extra.signal);
        return new Promise<ElicitResult>((answer) => (answerLate = answer));
      });
    });
    await client.connect(clientEnd);
    await execute(client, `return await tools.records.delete_record({ id: "r2" });`);
    const controller = new AbortController();
    const code = `return await tools.records.delete_record({ id: "r2" });`;
    const call = client.callTool({ name: "execute", arguments: { code } }, undefined, { signal: controller.signal });
    call.catch(() => undefined);
    const signal = await asked;
    controller.abort();
    await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    answerLate({ action: "accept", content: {} });
    // One worker: the next execution runs only once the cancelled one has let go of it.
    const listed = await execute(client, `return (await tools.records.list_records({})).data;`);
    expect(listed.result).toContain("r2");
  });

  it("fails the call with timeout after limits.approvalTimeoutMs when nobody answers", async () => {
    const config = parseGatewayConfig({
      mcpServers: { records: { command: process.execPath, args: [RECORDS_SERVER] } },
      approvals: { tools: ["records.delete_*"] },
      limits: { timeoutMs: 5000, approvalTimeoutMs: 300 },
      poolSize: 1,
    });
    const impatient = createGateway(config, { log: () => undefined });
    try {
      await impatient.start();
      const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
      await impatient.connect(serverEnd);
      const client = new Client({ name: "absent", version: "1.0.0" }, { capabilities: { elicitation: {} } });
      client.setRequestHandler(ElicitRequestSchema, () => new Promise<ElicitResult>(() => {}));
      await client.connect(clientEnd);
      const result = await execute(client, `return (await tools.records.delete_record({ id: "r1" })).error;`);
      expect(result.result).toEqual({
        code: "timeout",
        message: "No approval for records.delete_record arrived within 300 ms, so it did not run.",
        retryable: false,
      });
      await client.close();
    } finally {
      await impatient.close();
    }
  });

  it("denies, saying why, when the client did not declare elicitation", async () => {
    const client = await connect();
    const result = await execute(client, `return (await tools.records.delete_record({ id: "r2" })).error;`);
    expect(result.result).toEqual({
      code: "access_denied",
      message:
        "The call to records.delete_record was denied: the connected MCP client did not declare the elicitation capability, so it cannot be asked for approval.",
      retryable: false,
    });
    const listed = await execute(client, `return (await tools.records.list_records({})).data;`);
    expect(listed.result).toContain("r2");
  });
});

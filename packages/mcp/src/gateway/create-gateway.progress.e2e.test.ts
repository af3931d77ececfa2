import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveMcpHttp, type ServedMcp } from "../__fixtures__/serve-mcp-http.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "./index.js";

// One gateway in front of a real Streamable HTTP upstream whose second page waits for the test, and real clients of
// both eras: they hear each call start and finish, the run wait for a person, and the script's console lines (when
// they asked for log messages) while the run goes on, before its result.
let gateway: Gateway;
let listener: HttpListener;
let upstream: ServedMcp;
// Page 2 of each run waits for one release; a release given before it waits lets it through at once.
let released = 0;
let waitingPage: (() => void) | undefined;
const releasePage = () => (waitingPage ? (waitingPage(), (waitingPage = undefined)) : released++);
const pageReleased = () => (released > 0 ? (released--, Promise.resolve()) : new Promise<void>((resolve) => (waitingPage = resolve)));
const closers: (() => Promise<void>)[] = [];

const SCRIPT = `let invoices = 0;
for (let page = 1; page <= 2; page++) {
  invoices += (await tools.ledger.read_page({ page })).data.invoices;
  console.log("read page " + page + " of 2");
}
return invoices;`;

const REFUND = `const refund = await tools.ledger.refund({ cents: 250 });
return refund.ok ? "refunded" : refund.error.code;`;

const LOG_LEVEL = "io.modelcontextprotocol/logLevel";

beforeAll(async () => {
  upstream = await serveMcpHttp({
    tools: [
      { name: "read_page", description: "Read a page of invoices.", inputSchema: { type: "object", properties: { page: { type: "number" } } } },
      { name: "refund", description: "Refund.", inputSchema: { type: "object", properties: { cents: { type: "number" } } }, annotations: { destructiveHint: true } },
    ],
    async call(name, args) {
      if (name === "read_page" && args["page"] === 2) await pageReleased();
      const data = name === "read_page" ? { invoices: 100 } : { refunded: args["cents"] };
      return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
    },
  });
  gateway = createGateway(
    parseGatewayConfig({ mcpServers: { ledger: { url: upstream.url } }, approvals: { destructive: true }, limits: { timeoutMs: 20_000 }, poolSize: 1 }),
    { log: () => undefined },
  );
  await gateway.start();
  listener = await gateway.listen({ port: 0 });
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close().catch(() => undefined)));
  await gateway?.close();
  await upstream?.close();
});

/** What a client heard, in order: progress messages, console lines, and the result once it came. */
function heard() {
  const order: string[] = [];
  return {
    order,
    progress: ({ message }: { message?: string }) => void order.push(`progress ${message}`),
    log: (params: { logger?: string; data: unknown }) => {
      if (params.logger !== "codemode.console") return;
      order.push(`log ${String(params.data)}`);
      // The second page is read only once the first page's line has reached this client.
      if (params.data === "read page 1 of 2") releasePage();
    },
  };
}

const EXPECTED = [
  "progress ledger.read_page started",
  "progress ledger.read_page finished",
  "log read page 1 of 2",
  "progress ledger.read_page started",
  "progress ledger.read_page finished",
  "log read page 2 of 2",
  "result 200",
];

describe("createGateway (progress and console lines)", () => {
  it("tells a 2025-era client each call as it starts and finishes, and the console lines it asked for, before the result", async () => {
    const client = new Client({ name: "progress-2025", version: "1.0.0" });
    const { order, progress, log } = heard();
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => log(notification.params));
    await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
    closers.push(() => client.close());
    await client.setLoggingLevel("info");
    const answer = await client.callTool({ name: "execute", arguments: { code: SCRIPT } }, undefined, { onprogress: progress });
    order.push(`result ${(answer.structuredContent as unknown as ExecutionResult).result}`);
    expect(order).toEqual(EXPECTED);
  });

  it("tells a 2026-07-28 client the same, with the log level in its request's _meta", async () => {
    const client = new ModernClient({ name: "progress-2026", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    const { order, progress, log } = heard();
    client.setNotificationHandler("notifications/message", (notification) => log(notification.params));
    await client.connect(new ModernTransport(new URL(listener.url)));
    closers.push(() => client.close());
    const answer = await client.callTool({ name: "execute", arguments: { code: SCRIPT }, _meta: { [LOG_LEVEL]: "info" } }, { onprogress: progress });
    order.push(`result ${(answer.structuredContent as unknown as ExecutionResult).result}`);
    expect(order).toEqual(EXPECTED);
  });

  it("sends no console lines to a client that did not ask for log messages", async () => {
    const client = new Client({ name: "quiet-2025", version: "1.0.0" });
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logs.push(notification.params.data));
    await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
    closers.push(() => client.close());
    // Nobody hears page 1's line here, so the second page is let through beforehand.
    releasePage();
    const running = client.callTool({ name: "execute", arguments: { code: SCRIPT } });
    expect((await running).structuredContent).toMatchObject({ status: "completed", result: 200, logs: ["read page 1 of 2", "read page 2 of 2"] });
    expect(logs).toEqual([]);
  });

  it("tells a 2025-era client when the run waits for a person, before it is asked", async () => {
    const client = new Client({ name: "approver-2025", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    const order: string[] = [];
    let sawWait!: () => void;
    const waiting = new Promise<void>((resolve) => (sawWait = resolve));
    client.setRequestHandler(ElicitRequestSchema, async () => {
      // The person answers only once the client has shown that the run waits for them.
      await waiting;
      order.push("asked");
      return { action: "accept", content: {} };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
    closers.push(() => client.close());
    const answer = await client.callTool({ name: "execute", arguments: { code: REFUND } }, undefined, {
      onprogress: ({ message }) => {
        order.push(`progress ${message}`);
        if (message === "waiting for approval of ledger.refund") sawWait();
      },
    });
    expect((answer.structuredContent as unknown as ExecutionResult).result).toBe("refunded");
    expect(order).toEqual(["progress ledger.refund started", "progress waiting for approval of ledger.refund", "asked", "progress ledger.refund finished"]);
  });

  it("tells a 2026-07-28 client that the run waits for a person before it answers with the question", async () => {
    const client = new ModernClient(
      { name: "approver-2026", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities: { elicitation: { form: {} } }, inputRequired: { autoFulfill: false } },
    );
    await client.connect(new ModernTransport(new URL(listener.url)));
    closers.push(() => client.close());
    const order: string[] = [];
    const asked = (await client.request(
      { method: "tools/call", params: { name: "execute", arguments: { code: REFUND } } },
      { allowInputRequired: true, onprogress: ({ message }: { message?: string }) => void order.push(`progress ${message}`) },
    )) as unknown as { inputRequests?: Record<string, unknown> };
    order.push(`asked ${Object.keys(asked.inputRequests ?? {}).length}`);
    expect(order).toEqual(["progress ledger.refund started", "progress waiting for approval of ledger.refund", "asked 1"]);
  });
});

import type { AddressInfo } from "node:net";
import type { Server as NodeServer } from "node:http";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { Client as StatelessClient, StreamableHTTPClientTransport as StatelessClientTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import express from "express";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

// The gateway mounted in a user's own server: a real Hono app (through its Fetch handler) and a real Express app
// (through its Node handler, behind express.json()), each with routes of its own beside the gateway's. Both must keep
// the gateway's checks: Origin, Host and the bearer token.
const RECORDS_SERVER = fileURLToPath(new URL("../__fixtures__/records-server.mjs", import.meta.url));
const TOKEN = "frameworks-test-token-0123456789";

let gateway: Gateway;
const servers: NodeServer[] = [];
const clients: { close(): Promise<void> }[] = [];
const urls: Record<"hono" | "express", string> = { hono: "", express: "" };

async function listening(server: NodeServer): Promise<string> {
  servers.push(server);
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  gateway = createGateway(
    parseGatewayConfig({
      mcpServers: { records: { command: process.execPath, args: [RECORDS_SERVER] } },
      auth: { bearer: [{ name: "ana", token: TOKEN }] },
    }),
    { log: () => undefined },
  );
  await gateway.start();

  const hono = new Hono();
  const handle = gateway.fetchHandler();
  hono.get("/", (c) => c.text("the app's own page"));
  hono.all("/mcp", (c) => handle(c.req.raw));
  urls.hono = await listening(serve({ fetch: hono.fetch, port: 0, hostname: "127.0.0.1" }) as NodeServer);

  const app = express();
  app.use(express.json({ limit: "4mb" }));
  app.get("/", (_request, response) => void response.send("the app's own page"));
  app.all("/mcp", gateway.nodeHandler());
  urls.express = await listening(app.listen(0, "127.0.0.1"));
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  for (const server of servers) server.closeAllConnections?.();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await gateway?.close();
});

const headers = { authorization: `Bearer ${TOKEN}` };

describe.each(["hono", "express"] as const)("the gateway mounted in %s", (framework) => {
  const endpoint = () => new URL("/mcp", urls[framework]);

  it("serves a 2025-11-25 client and a 2026-07-28 client beside the app's own routes", async () => {
    expect(await (await fetch(urls[framework])).text()).toBe("the app's own page");
    const client = new Client({ name: `${framework}-2025`, version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(endpoint(), { requestInit: { headers } }));
    clients.push(client);
    const modern = new StatelessClient({ name: `${framework}-2026`, version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await modern.connect(new StatelessClientTransport(endpoint(), { requestInit: { headers } }));
    clients.push(modern);
    const code = "return (await tools.records.list_records({})).data;";
    for (const caller of [client, modern]) {
      const answer = await caller.callTool({ name: "execute", arguments: { code } });
      expect(answer.structuredContent).toMatchObject({ status: "completed", result: ["r1", "r2"] });
    }
  });

  it("refuses a foreign Origin with 403 and a request without the token with 401", async () => {
    const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
    const send = (extra: Record<string, string>) =>
      fetch(endpoint(), {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...extra },
        body: JSON.stringify(initialize),
      });
    const foreign = await send({ ...headers, origin: "http://evil.example.com" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ id: null, error: { message: expect.stringContaining("Origin") } });
    const anonymous = await send({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    await anonymous.body?.cancel();
    const local = await send({ ...headers, origin: urls[framework] });
    expect(local.status).toBe(200);
    await local.body?.cancel();
  });
});

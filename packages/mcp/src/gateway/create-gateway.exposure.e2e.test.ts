import { mkdtemp, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { connect as connectTcp } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { isCodeModeError } from "@codemode/core";
import { afterEach, describe, expect, it } from "vitest";
import { FAULT_SERVER } from "../__fixtures__/fixtures.js";
import { runCli } from "../cli/index.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

// Where a gateway may be reached from, over real HTTP: the Host and Origin headers a DNS-rebinding page would send,
// the public URL of a gateway bound to every interface, and the addresses it refuses to serve.
const TOKEN = "exposure-test-token-0123456789";
const PUBLIC_URL = "https://mcp.example.test/mcp";
const gateways: Gateway[] = [];

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
});

function start(config: Record<string, unknown>): Gateway {
  const gateway = createGateway(parseGatewayConfig({ mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER] } }, ...config }), {
    log: () => undefined,
  });
  gateways.push(gateway);
  return gateway;
}

const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };

/** A raw HTTP request to the port, with the Host and other headers as given (fetch would replace Host); null sends no body. */
function post(port: number, headers: Record<string, string>, body: unknown = INITIALIZE, method = "POST"): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, method, path: "/mcp", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk) => (text += chunk));
        response.on("end", () => {
          const data = /^data: (.*)$/m.exec(text)?.[1] ?? text;
          resolve({ status: response.statusCode ?? 0, body: data ? JSON.parse(data) : undefined, headers: response.headers });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body === null ? undefined : JSON.stringify(body));
  });
}

describe("createGateway's Host and Origin checks", () => {
  it("on loopback, refuses a rebinding page's Host and Origin and serves loopback ones", async () => {
    const { port } = await start({}).listen({ port: 0 });
    const rebinding = await post(port, { host: "evil.example.com", origin: "http://evil.example.com" });
    expect(rebinding.status).toBe(403);
    expect(rebinding.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000, message: expect.stringContaining("Origin") } });
    const host = await post(port, { host: `evil.example.com:${port}` });
    expect(host.status).toBe(421);
    expect(host.body).toMatchObject({ id: null, error: { message: expect.stringContaining("Host") } });
    expect((await post(port, { host: `127.0.0.1:${port}`, origin: "http://evil@127.0.0.1" })).status).toBe(403);
    expect((await post(port, { host: `localhost:${port}`, origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await post(port, { host: `[::1]:${port}` })).status).toBe(200);
  });

  it("bound to every interface with auth on, accepts only its public URL's host and origin, and still wants the token", async () => {
    const gateway = start({ auth: { bearer: [{ name: "ana", token: TOKEN }] }, http: { publicUrl: PUBLIC_URL, allowedOrigins: ["https://app.example.test"] } });
    const { port } = await gateway.listen({ host: "0.0.0.0", port: 0 });
    const authorization = `Bearer ${TOKEN}`;
    expect((await post(port, { host: "evil.example.com", origin: "http://evil.example.com", authorization })).status).toBe(403);
    expect((await post(port, { host: `127.0.0.1:${port}`, authorization })).status).toBe(421);
    expect((await post(port, { host: "mcp.example.test", origin: "https://elsewhere.example.test", authorization })).status).toBe(403);
    expect((await post(port, { host: "mcp.example.test", origin: "https://mcp.example.test" })).status).toBe(401);
    expect((await post(port, { host: "mcp.example.test", origin: "https://mcp.example.test", authorization })).status).toBe(200);
    expect((await post(port, { host: "mcp.example.test", origin: "https://app.example.test", authorization })).status).toBe(200);
  });

  it("answers a terminated 2025-era session with 404, and another caller's session as if it did not exist", async () => {
    const gateway = start({ auth: { bearer: [{ name: "ana", token: TOKEN }, { name: "bob", token: `${TOKEN}-bob` }] } });
    const { port } = await gateway.listen({ port: 0 });
    const ana = { host: `127.0.0.1:${port}`, authorization: `Bearer ${TOKEN}`, "mcp-protocol-version": "2025-11-25" };
    const opened = await post(port, ana);
    const session = { ...ana, "mcp-session-id": String(opened.headers["mcp-session-id"]) };
    const ping = { jsonrpc: "2.0", id: 2, method: "ping" };
    expect((await post(port, { ...session, authorization: `Bearer ${TOKEN}-bob` }, ping)).status).toBe(404);
    expect((await post(port, { ...session, authorization: "" }, ping)).status).toBe(401);
    const alive = await post(port, session, ping);
    expect(alive.body).toMatchObject({ id: 2, result: {} });
    const ended = await post(port, session, null, "DELETE");
    expect(ended).toMatchObject({ status: 200 });
    expect((await post(port, session, ping)).status).toBe(404);
  });
});

/** Sends bytes as they are (duplicate headers, odd targets and methods that clients refuse to send); resolves the status line's code and the body. */
function rawRequest(port: number, head: string, body = ""): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp(port, "127.0.0.1", () => socket.end(`${head}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`));
    let text = "";
    socket.setEncoding("latin1").on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), body: text.slice(text.indexOf("\r\n\r\n") + 4) }));
  });
}

describe("createGateway's answers to crafted requests", () => {
  const initialize = JSON.stringify(INITIALIZE);
  const headers = (host: string, extra: string[] = []) =>
    [`Host: ${host}`, `authorization: Bearer ${TOKEN}`, "content-type: application/json", "accept: application/json, text/event-stream", ...extra].join("\r\n");

  it("answers a Host with userinfo or that no URL can hold with 421, on /mcp and on /healthz, never 500", async () => {
    const logs: string[] = [];
    const gateway = createGateway(parseGatewayConfig({ mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER] } }, auth: { bearer: [{ name: "ana", token: TOKEN }] } }), {
      log: (message) => logs.push(message),
    });
    gateways.push(gateway);
    const { port } = await gateway.listen({ port: 0 });
    for (const host of [`evil@127.0.0.1:${port}`, `user:pass@127.0.0.1:${port}`, `127.0.0.1:${port}@evil.example.com`, "[::1", `127.0.0.1 :${port}`, "127.0.0.1:999999", `127.0.0.1%2f:${port}`]) {
      for (const [method, target] of [["POST", "/mcp"], ["GET", "/healthz"], ["GET", "/readyz"]] as const) {
        const answer = await rawRequest(port, `${method} ${target} HTTP/1.1\r\n${headers(host)}`, method === "POST" ? initialize : "");
        expect(answer.status, `${method} ${target} with Host ${host}`).toBe(421);
        expect(answer.body).toContain("Misdirected request: the Host");
      }
    }
    expect(logs.filter((message) => /failed|error/i.test(message))).toEqual([]);
  });

  it("answers an absolute or asterisk target, a method Fetch cannot carry, and a doubled identity header with 4xx and a plain message", async () => {
    const { port } = await start({ auth: { bearer: [{ name: "ana", token: TOKEN }, { name: "bob", token: `${TOKEN}-bob` }] } }).listen({ port: 0 });
    const host = `127.0.0.1:${port}`;
    const cases = [
      { head: `POST http://evil.example.com/mcp HTTP/1.1\r\n${headers(host)}`, status: 400, says: "request target" },
      { head: `POST http://u:p@${host}/mcp HTTP/1.1\r\n${headers(host)}`, status: 400, says: "request target" },
      { head: `OPTIONS * HTTP/1.1\r\n${headers(host)}`, status: 400, says: "request target" },
      { head: `TRACE /mcp HTTP/1.1\r\n${headers(host)}`, status: 405, says: "TRACE" },
      { head: `TRACE /healthz HTTP/1.1\r\n${headers(host)}`, status: 405, says: "TRACE" },
      { head: `POST /mcp HTTP/1.1\r\n${headers(host, [`authorization: Bearer ${TOKEN}-bob`])}`, status: 400, says: "authorization" },
      { head: `POST /mcp HTTP/1.1\r\n${headers(host, ["mcp-session-id: a", "mcp-session-id: b"])}`, status: 400, says: "mcp-session-id" },
      { head: `POST /mcp HTTP/1.1\r\n${headers(host, ["origin: http://localhost", "origin: http://evil.example.com"])}`, status: 400, says: "origin" },
      { head: `POST /mcp HTTP/1.1\r\n${headers(host, ["content-type: text/plain"])}`, status: 400, says: "content-type" },
    ];
    for (const { head, status, says } of cases) {
      const answer = await rawRequest(port, head, initialize);
      expect(answer.status, head.split("\r\n")[0]).toBe(status);
      expect(answer.body.toLowerCase()).toContain(says.toLowerCase());
    }
  });
});

describe("createGateway's refusal to serve beyond loopback unsafely", () => {
  it("refuses a non-loopback address without auth, saying how to opt out, unless opted out", async () => {
    const refused = await start({ http: { publicUrl: PUBLIC_URL } }).listen({ host: "0.0.0.0", port: 0 }).catch((error: unknown) => error);
    expect(isCodeModeError(refused) && refused.code).toBe("INVALID_CONFIG");
    expect((refused as Error).message).toContain('"allowUnauthenticated": true');
    const optedOut = await start({ http: { publicUrl: PUBLIC_URL, allowUnauthenticated: true } }).listen({ host: "0.0.0.0", port: 0 });
    expect((await post(optedOut.port, { host: "mcp.example.test" })).status).toBe(200);
  });

  it("refuses a non-loopback address without a public URL, and a handler whose public URL is not loopback without auth", async () => {
    const noUrl = await start({ auth: { bearer: [{ name: "ana", token: TOKEN }] } }).listen({ host: "0.0.0.0", port: 0 }).catch((error: unknown) => error);
    expect((noUrl as Error).message).toContain('"http": { "publicUrl" }');
    expect(() => start({ http: { publicUrl: PUBLIC_URL } }).fetchHandler()).toThrow(/without authentication/);
  });

  it("makes codemode serve exit 2 on a non-loopback address without auth, saying why", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "codemode-exposure-"));
    const config = path.join(dir, "gateway.json");
    await writeFile(config, JSON.stringify({ mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER] } }, http: { publicUrl: PUBLIC_URL } }));
    let stderr = "";
    const code = await runCli(["serve", "--config", config, "--transport", "http", "--host", "0.0.0.0", "--port", "0"], {
      stdout: () => undefined,
      stderr: (text) => (stderr += text),
    });
    expect(code).toBe(2);
    expect(stderr).toContain("Refusing to serve 0.0.0.0 without authentication");
  });
});

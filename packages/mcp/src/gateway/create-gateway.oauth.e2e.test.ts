import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ExecutionResult } from "@codemode/core";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalIssuer, type LocalIssuer, type LocalKey } from "../__fixtures__/local-issuer.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway, type HttpListener } from "./index.js";

// The gateway as an OAuth 2.1 resource server of an issuer made here: its own keys, its metadata and JWKS over real
// HTTP. Every token this file mints is remembered, to check that none ever shows up in a log line or an answer.
const RECORDS_SERVER = fileURLToPath(new URL("../__fixtures__/records-server.mjs", import.meta.url));

let issuer: LocalIssuer;
let key: LocalKey;
let gateway: Gateway;
let listener: HttpListener;
const logs: string[] = [];
const seen: string[] = [];
const minted: string[] = [];
const clients: Client[] = [];

const remember = (token: string) => (minted.push(token), token);
const sign = async (claims: Record<string, unknown> = {}, signer = key, header?: { kid?: string }) =>
  remember(await issuer.sign(signer, { aud: listener.url, scope: "mcp:tools", groups: ["readers"], ...claims }, header));

/** An initialize request with this token: what a 2025-era client sends first. */
async function initialize(token: string | undefined) {
  const response = await fetch(listener.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
  });
  const text = await response.text();
  const challenge = response.headers.get("www-authenticate") ?? "";
  seen.push(text, challenge);
  return { status: response.status, text, challenge };
}

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: "oauth-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  clients.push(client);
  return client;
}

async function execute(client: Client, code: string, sessionId?: string): Promise<ExecutionResult> {
  const answer = (await client.callTool({ name: "execute", arguments: sessionId ? { code, sessionId } : { code } })) as CallToolResult;
  seen.push(JSON.stringify(answer));
  return answer.structuredContent as unknown as ExecutionResult;
}

beforeAll(async () => {
  issuer = await startLocalIssuer();
  key = await issuer.newKey("key-1");
  issuer.publish(key);
  const config = parseGatewayConfig({
    mcpServers: { records: { command: process.execPath, args: [RECORDS_SERVER] } },
    auth: {
      oauth: {
        issuer: issuer.issuer,
        requiredScopes: ["mcp:tools"],
        allowByClaim: { claim: "groups", values: { readers: ["records.list_*"], admins: ["*"] } },
        // Rotation is tested right after the first fetch; in service the default waits 30 s between refetches.
        jwksCooldownMs: 0,
      },
    },
    sessions: { maxSessions: 4 },
    poolSize: 1,
  });
  gateway = createGateway(config, { log: (line) => logs.push(line) });
  await gateway.start();
  listener = await gateway.listen({ port: 0 });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await gateway?.close();
  await issuer?.close();
});

describe("createGateway as an OAuth resource server", () => {
  it("serves RFC 9728 metadata naming the issuer, at the well-known path and its /mcp form", async () => {
    const expected = {
      resource: listener.url,
      authorization_servers: [issuer.issuer],
      scopes_supported: ["mcp:tools"],
      bearer_methods_supported: ["header"],
    };
    const origin = new URL(listener.url).origin;
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject(expected);
    }
  });

  it("answers a request without a token with 401 and a challenge pointing at the metadata", async () => {
    const { status, challenge } = await initialize(undefined);
    expect(status).toBe(401);
    const metadata = `${new URL(listener.url).origin}/.well-known/oauth-protected-resource/mcp`;
    expect(challenge).toBe(`Bearer resource_metadata="${metadata}", scope="mcp:tools"`);
  });

  it("serves a good token's caller the tools its groups allow, and no others", async () => {
    const reader = await connect(await sign());
    expect(await execute(reader, "return (await tools.records.list_records({})).data;")).toMatchObject({ result: ["r1", "r2"] });
    // The check holds the caller to the tools it is shown; a computed name reaches the run, which refuses it too.
    const refused = await execute(reader, `return (await tools.records.delete_record({ id: "r1" })).error.code;`);
    expect(refused).toMatchObject({ error: { kind: "CheckFailed" }, diagnostics: [{ code: "unknown_tool" }] });
    const denied = await execute(reader, `const tool = "delete_" + "record";\nreturn (await tools.records[tool]({ id: "r1" })).error.code;`);
    expect(denied.result).toBe("not_found");
    const admin = await connect(await sign({ groups: ["admins", "readers"] }));
    expect((await admin.listTools()).tools[0]?.description).toContain("delete_record");
  });

  it.each([
    ["another audience", { aud: "https://elsewhere.example.com/mcp" }, "the token's audience is not this gateway"],
    ["another issuer", { iss: "https://impostor.example.com" }, "the token was not issued by"],
    ["an expired token", { exp: Math.floor(Date.now() / 1000) - 120 }, "the token has expired"],
    ["a token not valid yet", { nbf: Math.floor(Date.now() / 1000) + 120 }, "the token is not valid yet"],
  ])("refuses %s with 401 invalid_token", async (_name, claims, message) => {
    const { status, text, challenge } = await initialize(await sign(claims));
    expect(status).toBe(401);
    expect(challenge).toContain('error="invalid_token"');
    expect(JSON.parse(text)).toMatchObject({ id: null, error: { message: expect.stringContaining(message) } });
  });

  it("refuses a bad signature, alg none and an HMAC token made with the public key", async () => {
    const impostor = await issuer.newKey("key-1");
    const forged = await sign({}, impostor);
    const none = remember(issuer.unsigned({ aud: listener.url, scope: "mcp:tools", groups: ["admins"] }));
    const hmac = remember(
      await new SignJWT({ iss: issuer.issuer, sub: "alice", aud: listener.url, scope: "mcp:tools", exp: Math.floor(Date.now() / 1000) + 300 })
        .setProtectedHeader({ alg: "HS256", kid: "key-1" })
        .sign(new TextEncoder().encode(JSON.stringify(key.publicJwk))),
    );
    const answers = await Promise.all([forged, none, hmac].map((token) => initialize(token)));
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    expect(JSON.parse(answers[0]!.text).error.message).toContain("signature is not valid");
    expect(JSON.parse(answers[1]!.text).error.message).toContain("signing algorithm is not accepted");
    expect(JSON.parse(answers[2]!.text).error.message).toContain("signing algorithm is not accepted");
  });

  it("keeps the key set cached, fetches it again for an unknown kid, and takes a rotated key", async () => {
    expect((await initialize(await sign())).status).toBe(200);
    const fetches = issuer.jwksFetches;
    expect((await initialize(await sign())).status).toBe(200);
    expect(issuer.jwksFetches).toBe(fetches);

    const next = await issuer.newKey("key-2");
    const unknown = await initialize(await sign({}, next));
    expect(unknown.status).toBe(401);
    expect(JSON.parse(unknown.text).error.message).toContain("no key of the issuer matches the token");
    expect(issuer.jwksFetches).toBe(fetches + 1);

    issuer.publish(next);
    expect((await initialize(await sign({}, next))).status).toBe(200);
    issuer.publish(key, next);
  });

  it("answers a valid token that grants no tool, or lacks the required scope, with 403 insufficient_scope", async () => {
    for (const claims of [{ groups: ["interns"] }, { groups: [] }, { scope: "profile" }]) {
      const { status, challenge } = await initialize(await sign(claims));
      expect(status).toBe(403);
      expect(challenge).toContain('error="insufficient_scope"');
      expect(challenge).toContain('scope="mcp:tools"');
    }
  });

  it("lets the same subject resume its code session with a new token, and no other subject", async () => {
    const first = await connect(await sign({ sub: "carol" }));
    const opened = await execute(first, "var counter = 41; return 'set';", "new");
    expect(opened).toMatchObject({ status: "completed" });
    const sessionId = opened.sessionId!;
    const refreshed = await connect(await sign({ sub: "carol", jti: "refreshed" }));
    expect(await execute(refreshed, "return counter + 1;", sessionId)).toMatchObject({ status: "completed", result: 42 });
    const mallory = await connect(await sign({ sub: "mallory" }));
    expect(await execute(mallory, "return counter;", sessionId)).toMatchObject({ status: "failed", error: { kind: "SessionNotFound" } });
  });

  it("never writes a token into a log line or an answer", () => {
    expect(minted.length).toBeGreaterThan(10);
    const written = [...logs, ...seen].join("\n");
    for (const token of minted) {
      expect(written).not.toContain(token);
      expect(written).not.toContain(token.split(".")[2] || token);
    }
  });
});

describe("createGateway with an issuer it cannot reach", () => {
  it("answers 503 rather than 401, and logs why without the token", async () => {
    const lines: string[] = [];
    const unreachable = createGateway(
      parseGatewayConfig({ mcpServers: {}, auth: { oauth: { issuer: "http://127.0.0.1:9/nowhere" } } }),
      { log: (line) => lines.push(line) },
    );
    try {
      const { url } = await unreachable.listen({ port: 0 });
      const token = await issuer.sign(key, { aud: url });
      const response = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ id: null, error: { message: "Unavailable: the issuer's keys cannot be fetched now." } });
      expect(lines.join("\n")).toContain("cannot check tokens of http://127.0.0.1:9/nowhere");
      expect(lines.join("\n")).not.toContain(token);
    } finally {
      await unreachable.close();
    }
  });
});

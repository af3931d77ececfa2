// An OAuth-protected Streamable HTTP MCP server with its own authorization server, both on real loopback HTTP in the
// test process: RFC 9728 protected-resource metadata, RFC 8414 authorization-server metadata, Dynamic Client
// Registration, the authorization-code grant with PKCE S256 and `resource` (approved at once, as a user who clicks
// "allow"), rotating refresh tokens that a test can revoke, and client_credentials with client_secret_basic,
// client_secret_post or private_key_jwt (ES256).
import { createHash, createPublicKey, randomBytes, verify, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, Server } from "@modelcontextprotocol/server";

/** Options of {@link serveOAuthProtectedMcp}. */
export interface OAuthProtectedMcpOptions {
  /** Lifetime of each access token. Default 3600 s. */
  accessTokenTtlSeconds?: number;
  /** The scope the server's challenge names and every call needs. Default `mcp:read`. */
  scope?: string;
  /** Machine clients known to the authorization server. */
  clients?: { id: string; secret?: string; publicKeyPem?: string }[];
}

/** A running protected server and what its authorization server saw. */
export interface OAuthProtectedMcp {
  /** The MCP endpoint. */
  url: string;
  issuer: string;
  /** Every grant_type the token endpoint served, in order. */
  grants: string[];
  /** How each token request authenticated its client: `client_secret_basic`, `client_secret_post`, `private_key_jwt` or `none`. */
  tokenAuthMethods: string[];
  /** Every access and refresh token handed out, to check that none shows up where it must not. */
  issued: string[];
  /** How many authorization requests arrived. */
  authorizations: number;
  /** Revokes every refresh token issued so far. */
  revokeRefreshTokens(): void;
  /** Makes every access token issued so far fail at the MCP server, as when it was revoked or its key rotated. */
  rejectAccessTokens(): void;
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  scope: string;
}

export async function serveOAuthProtectedMcp(options: OAuthProtectedMcpOptions = {}): Promise<OAuthProtectedMcp> {
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const scope = options.scope ?? "mcp:read";
  const registered = new Map<string, { redirectUris: string[]; secret?: string; publicKey?: KeyObject }>();
  for (const client of options.clients ?? []) {
    registered.set(client.id, { redirectUris: [], ...(client.secret ? { secret: client.secret } : {}), ...(client.publicKeyPem ? { publicKey: createPublicKey(client.publicKeyPem) } : {}) });
  }
  const codes = new Map<string, Grant & { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, Grant & { expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const state: Omit<OAuthProtectedMcp, "url" | "issuer" | "close"> = {
    grants: [],
    tokenAuthMethods: [],
    issued: [],
    authorizations: 0,
    revokeRefreshTokens: () => refreshTokens.clear(),
    rejectAccessTokens: () => accessTokens.clear(),
  };

  const authorizationServer = await listen(async (request, response, base) => {
    const url = new URL(request.url ?? "/", base);
    if (url.pathname === "/.well-known/oauth-authorization-server") {
      return json(response, 200, {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post", "private_key_jwt"],
        scopes_supported: [scope],
        authorization_response_iss_parameter_supported: true,
      });
    }
    if (url.pathname === "/register" && request.method === "POST") {
      const metadata = JSON.parse(await readBody(request)) as { redirect_uris?: string[] };
      const clientId = `client-${randomBytes(6).toString("hex")}`;
      registered.set(clientId, { redirectUris: metadata.redirect_uris ?? [] });
      return json(response, 201, { ...metadata, client_id: clientId, token_endpoint_auth_method: "none" });
    }
    if (url.pathname === "/authorize") {
      state.authorizations++;
      const query = url.searchParams;
      const client = registered.get(query.get("client_id") ?? "");
      const redirectUri = query.get("redirect_uri") ?? "";
      if (!client || !client.redirectUris.includes(redirectUri)) return json(response, 400, { error: "invalid_request", error_description: "unknown client or redirect_uri" });
      if (query.get("code_challenge_method") !== "S256" || query.get("resource") !== resource()) {
        return json(response, 400, { error: "invalid_request", error_description: "PKCE S256 and the resource are required" });
      }
      const code = randomBytes(12).toString("hex");
      codes.set(code, { clientId: query.get("client_id") ?? "", scope: query.get("scope") ?? scope, challenge: query.get("code_challenge") ?? "", redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("iss", base);
      if (query.has("state")) back.searchParams.set("state", query.get("state") ?? "");
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === "/token" && request.method === "POST") {
      const params = new URLSearchParams(await readBody(request));
      const client = authenticateClient(request, params, `${base}/token`);
      if (!client) return json(response, 401, { error: "invalid_client" });
      const grantType = params.get("grant_type") ?? "";
      state.grants.push(grantType);
      state.tokenAuthMethods.push(client.method);
      if (grantType === "authorization_code") {
        const code = codes.get(params.get("code") ?? "");
        codes.delete(params.get("code") ?? "");
        const challenge = createHash("sha256").update(params.get("code_verifier") ?? "").digest("base64url");
        if (!code || code.clientId !== client.id || code.challenge !== challenge || code.redirectUri !== params.get("redirect_uri")) {
          return json(response, 400, { error: "invalid_grant" });
        }
        return json(response, 200, issue({ clientId: client.id, scope: code.scope }, true));
      }
      if (grantType === "refresh_token") {
        const grant = refreshTokens.get(params.get("refresh_token") ?? "");
        if (!grant || grant.clientId !== client.id) return json(response, 400, { error: "invalid_grant", error_description: "refresh token revoked" });
        refreshTokens.delete(params.get("refresh_token") ?? "");
        return json(response, 200, issue(grant, true));
      }
      if (grantType === "client_credentials") {
        if (client.method === "none") return json(response, 401, { error: "invalid_client" });
        return json(response, 200, issue({ clientId: client.id, scope: params.get("scope") ?? scope }, false));
      }
      return json(response, 400, { error: "unsupported_grant_type" });
    }
    response.writeHead(404).end();
  });
  const issuer = authorizationServer.base;

  const handler = toNodeHandler(createMcpHandler(() => createToolServer()));
  const resourceServer = await listen(async (request, response, base) => {
    const url = new URL(request.url ?? "/", base);
    if (url.pathname === "/.well-known/oauth-protected-resource/mcp") {
      return json(response, 200, { resource: resource(), authorization_servers: [issuer], scopes_supported: [scope] });
    }
    if (url.pathname !== "/mcp") return void response.writeHead(404).end();
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const grant = token ? accessTokens.get(token) : undefined;
    if (!grant || grant.expiresAt < Date.now()) {
      const challenge = `Bearer error="invalid_token", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="${scope}"`;
      response.writeHead(401, { "www-authenticate": challenge, "content-type": "application/json" }).end('{"error":"invalid_token"}');
      return;
    }
    await handler(request, response);
  });
  const resource = () => `${resourceServer.base}/mcp`;

  function issue(grant: Grant, refreshable: boolean) {
    const accessToken = `at-${randomBytes(16).toString("hex")}`;
    accessTokens.set(accessToken, { ...grant, expiresAt: Date.now() + ttl * 1000 });
    state.issued.push(accessToken);
    const answer: Record<string, unknown> = { access_token: accessToken, token_type: "Bearer", expires_in: ttl, scope: grant.scope };
    if (refreshable) {
      const refreshToken = `rt-${randomBytes(16).toString("hex")}`;
      refreshTokens.set(refreshToken, grant);
      state.issued.push(refreshToken);
      answer.refresh_token = refreshToken;
    }
    return answer;
  }

  function authenticateClient(request: IncomingMessage, params: URLSearchParams, audience: string): { id: string; method: string } | undefined {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (basic) {
      const [id = "", secret = ""] = Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent);
      return registered.get(id)?.secret === secret ? { id, method: "client_secret_basic" } : undefined;
    }
    const assertion = params.get("client_assertion");
    if (assertion) {
      const id = verifyAssertion(assertion, audience);
      return id ? { id, method: "private_key_jwt" } : undefined;
    }
    const id = params.get("client_id") ?? "";
    const client = registered.get(id);
    if (!client) return undefined;
    if (params.has("client_secret")) return client.secret === params.get("client_secret") ? { id, method: "client_secret_post" } : undefined;
    return client.secret === undefined && client.publicKey === undefined ? { id, method: "none" } : undefined;
  }

  /** RFC 7523: an ES256 JWT whose iss and sub are the client, whose aud is the token endpoint or the issuer. */
  function verifyAssertion(assertion: string, audience: string): string | undefined {
    const [header = "", payload = "", signature = ""] = assertion.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { iss?: string; sub?: string; aud?: string | string[]; exp?: number };
    const key = registered.get(claims.iss ?? "")?.publicKey;
    if (!key || claims.iss !== claims.sub || (claims.exp ?? 0) * 1000 < Date.now()) return undefined;
    const audiences = [claims.aud].flat();
    if (!audiences.includes(audience) && !audiences.includes(issuer)) return undefined;
    const good = verify("sha256", Buffer.from(`${header}.${payload}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
    return good ? claims.iss : undefined;
  }

  return {
    url: resource(),
    issuer,
    get grants() {
      return state.grants;
    },
    get tokenAuthMethods() {
      return state.tokenAuthMethods;
    },
    get issued() {
      return state.issued;
    },
    get authorizations() {
      return state.authorizations;
    },
    revokeRefreshTokens: state.revokeRefreshTokens,
    rejectAccessTokens: state.rejectAccessTokens,
    async close() {
      await Promise.all([authorizationServer.close(), resourceServer.close()]);
    },
  };
}

function createToolServer(): Server {
  const server = new Server({ name: "protected", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({
    tools: [{ name: "whoami", description: "Says hello to the authorized caller.", inputSchema: { type: "object", properties: {} } }],
  }));
  server.setRequestHandler("tools/call", () => ({ content: [{ type: "text", text: "hello, authorized caller" }] }));
  return server;
}

async function listen(handle: (request: IncomingMessage, response: ServerResponse, base: string) => Promise<void>) {
  let base = "";
  const server: HttpServer = createServer((request, response) => {
    handle(request, response, base).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: "server_error", error_description: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

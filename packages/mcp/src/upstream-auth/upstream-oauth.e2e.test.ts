import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway } from "../gateway/index.js";
import { serveOAuthProtectedMcp, type OAuthProtectedMcp } from "./__fixtures__/serve-oauth-protected-mcp.js";
import { createTokenStore, createUpstreamAuthProvider, loginUpstream, type TokenStore, type UpstreamOAuthConfig } from "./index.js";

let dir: string;
let store: TokenStore;
let served: OAuthProtectedMcp | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "codemode-oauth-"));
  store = createTokenStore(path.join(dir, "auth"));
});

afterEach(async () => {
  await served?.close();
  served = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** Logs in the way a user does: the printed URL is opened, the authorization server redirects to the loopback. */
async function login(server: OAuthProtectedMcp, oauth: UpstreamOAuthConfig = {}) {
  const printed: string[] = [];
  const result = await loginUpstream({
    server: "crm",
    url: server.url,
    oauth,
    store,
    baseDir: dir,
    onAuthorizationUrl: (url) => {
      printed.push(url.href);
      void fetch(url);
    },
  });
  return { result, printed };
}

/** Calls the protected tool through the SDK's own Streamable HTTP transport with the gateway's provider. */
async function callWhoami(server: OAuthProtectedMcp, oauth: UpstreamOAuthConfig = {}) {
  const authProvider = createUpstreamAuthProvider({ server: "crm", url: server.url, oauth, store, baseDir: dir });
  const client = new Client({ name: "test", version: "1.0.0" }, { capabilities: {} });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { authProvider }));
    const { tools } = await client.listTools();
    const result = await client.callTool({ name: "whoami", arguments: {} });
    return { tools: tools.map((tool) => tool.name), result };
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function storedFiles() {
  const names = await readdir(store.dir);
  return Promise.all(names.map(async (name) => ({ name, mode: (await stat(path.join(store.dir, name))).mode & 0o777, text: await readFile(path.join(store.dir, name), "utf8") })));
}

describe("loginUpstream", () => {
  it("registers, authorizes with PKCE and stores the tokens in one 0600 file per server and resource", async () => {
    served = await serveOAuthProtectedMcp();
    const { result, printed } = await login(served);
    expect(result).toEqual({ scope: "mcp:read", refreshable: true });
    expect(printed).toHaveLength(1);
    const authorization = new URL(printed[0] as string);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: "code",
      code_challenge_method: "S256",
      resource: served.url,
      scope: "mcp:read",
    });
    expect(served.grants).toEqual(["authorization_code"]);
    const files = await storedFiles();
    expect(files.map((file) => file.mode)).toEqual([0o600]);
    expect(files[0]?.name).toMatch(/^crm-[0-9a-f]{16}\.json$/);
    expect((await stat(store.dir)).mode & 0o777).toBe(0o700);
    expect(JSON.parse(files[0]?.text ?? "{}")).toMatchObject({ server: "crm", resource: served.url, tokens: { token_type: "Bearer" } });
  });

  it("refuses a server entry with the client_credentials grant", async () => {
    served = await serveOAuthProtectedMcp();
    await expect(login(served, { grant: "client_credentials", clientId: "m", clientSecret: "s" })).rejects.toThrow(/needs no login/);
  });
});

describe("createUpstreamAuthProvider", () => {
  it("sends the stored token, so a logged-in upstream needs no further authorization", async () => {
    served = await serveOAuthProtectedMcp();
    await login(served);
    const { tools, result } = await callWhoami(served);
    expect(tools).toEqual(["whoami"]);
    expect(result.content).toEqual([{ type: "text", text: "hello, authorized caller" }]);
    expect(served.grants).toEqual(["authorization_code"]);
    expect(served.authorizations).toBe(1);
  });

  it("refreshes an access token before it expires", async () => {
    // Thirty seconds is inside the refresh margin, so every stored token is already due.
    served = await serveOAuthProtectedMcp({ accessTokenTtlSeconds: 30 });
    await login(served);
    await callWhoami(served);
    expect(served.grants[0]).toBe("authorization_code");
    expect(served.grants.slice(1).every((grant) => grant === "refresh_token")).toBe(true);
    expect(served.grants.length).toBeGreaterThan(1);
    expect(served.authorizations).toBe(1);
  });

  it("refreshes when the server answers 401 to a token it no longer takes", async () => {
    served = await serveOAuthProtectedMcp();
    await login(served);
    served.rejectAccessTokens();
    const { result } = await callWhoami(served);
    expect(result.isError).toBeFalsy();
    expect(served.grants).toEqual(["authorization_code", "refresh_token"]);
  });

  it("leaves a revoked login unavailable with an error naming codemode login, and forgets the dead tokens", async () => {
    served = await serveOAuthProtectedMcp();
    await login(served);
    served.revokeRefreshTokens();
    served.rejectAccessTokens();
    const failure = await callWhoami(served).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^Upstream crm needs a new login: run `codemode login crm` to authorize it\.$/);
    expect(served.authorizations).toBe(1);
    const [file] = await storedFiles();
    expect(JSON.parse(file?.text ?? "{}").tokens).toBeUndefined();
    for (const token of served.issued) expect((failure as Error).message).not.toContain(token);
  });

  it("keeps tokens another process refreshed when the SDK reports the ones it held as dead", async () => {
    served = await serveOAuthProtectedMcp({ accessTokenTtlSeconds: 30 });
    await login(served);
    const slow = createUpstreamAuthProvider({ server: "crm", url: served.url, oauth: {}, store, baseDir: dir });
    const before = await slow.tokens({ issuer: served.issuer });
    await callWhoami(served);
    const rotated = (await store.read("crm", served.url)).tokens;
    expect(rotated?.refresh_token).not.toBe(before?.refresh_token);
    await slow.invalidateCredentials?.("tokens");
    expect((await store.read("crm", served.url)).tokens).toEqual(rotated);
  });

  it("asks for a login when none is stored, without registering a client", async () => {
    served = await serveOAuthProtectedMcp();
    await expect(callWhoami(served)).rejects.toThrow("Upstream crm has no stored login: run `codemode login crm` to authorize it.");
    expect(served.authorizations).toBe(0);
  });

  it("gets client_credentials tokens with client_secret_basic and client_secret_post", async () => {
    served = await serveOAuthProtectedMcp({ clients: [{ id: "robot", secret: "robot-secret" }] });
    const basic = await callWhoami(served, { grant: "client_credentials", clientId: "robot", clientSecret: "robot-secret", issuer: served.issuer });
    expect(basic.result.isError).toBeFalsy();
    const post = { grant: "client_credentials", clientId: "robot", clientSecret: "robot-secret", tokenEndpointAuthMethod: "client_secret_post", issuer: served.issuer } as const;
    await store.remove("crm");
    await callWhoami(served, post);
    expect(served.grants).toEqual(["client_credentials", "client_credentials"]);
    expect(served.tokenAuthMethods).toEqual(["client_secret_basic", "client_secret_post"]);
  });

  it("fetches a new client_credentials token before the one it holds expires", async () => {
    served = await serveOAuthProtectedMcp({ accessTokenTtlSeconds: 30, clients: [{ id: "robot", secret: "robot-secret" }] });
    await callWhoami(served, { grant: "client_credentials", clientId: "robot", clientSecret: "robot-secret", issuer: served.issuer });
    expect(served.grants.length).toBeGreaterThan(1);
    expect(new Set(served.grants)).toEqual(new Set(["client_credentials"]));
  });

  it("gets client_credentials tokens with a private_key_jwt assertion signed by the key file", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    await writeFile(path.join(dir, "robot.pem"), privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
    served = await serveOAuthProtectedMcp({ clients: [{ id: "robot", publicKeyPem: publicKey.export({ type: "spki", format: "pem" }) as string }] });
    const oauth = { grant: "client_credentials", clientId: "robot", privateKeyFile: "robot.pem", signingAlgorithm: "ES256", issuer: served.issuer } as const;
    const { result } = await callWhoami(served, oauth);
    expect(result.isError).toBeFalsy();
    expect(served.tokenAuthMethods).toEqual(["private_key_jwt"]);
  });
});

describe("an OAuth upstream of the gateway", () => {
  it("answers a script while logged in, and with unavailable naming codemode login once the login is revoked mid-session", async () => {
    served = await serveOAuthProtectedMcp();
    await login(served);
    vi.stubEnv("CODEMODE_AUTH_DIR", store.dir);
    const logs: string[] = [];
    const gateway = createGateway(parseGatewayConfig({ mcpServers: { crm: { url: served.url, oauth: {} } } }), { baseDir: dir, log: (line) => logs.push(line) });
    try {
      await gateway.start();
      const first = await gateway.codeMode.execute("return await tools.crm.whoami({});");
      expect(first).toMatchObject({ status: "completed", result: { ok: true, data: "hello, authorized caller" } });
      served.revokeRefreshTokens();
      served.rejectAccessTokens();
      const second = await gateway.codeMode.execute("return await tools.crm.whoami({});");
      expect(second).toMatchObject({
        status: "completed",
        result: { ok: false, error: { code: "unavailable", message: "Upstream crm needs a new login: run `codemode login crm` to authorize it." } },
      });
      const seen = JSON.stringify([first, second, logs]);
      for (const token of served.issued) expect(seen).not.toContain(token);
    } finally {
      await gateway.close();
      vi.unstubAllEnvs();
    }
  });
});

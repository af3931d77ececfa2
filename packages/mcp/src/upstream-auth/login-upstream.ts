import {
  auth,
  Client,
  computeScopeUnion,
  extractWWWAuthenticateParams,
  InsufficientScopeError,
  StreamableHTTPClientTransport,
  type AuthProvider,
} from "@modelcontextprotocol/client";
import { CodeModeError } from "@codemode/core";
import { createRedactor, redactUrl } from "../operate/index.js";
import { createUpstreamAuthProvider } from "./create-upstream-auth-provider.js";
import { receiveAuthorizationCallback } from "./receive-authorization-callback.js";
import type { TokenStore } from "./token-store.js";
import type { UpstreamOAuthConfig } from "./upstream-oauth-config.js";

/** Options of {@link loginUpstream}. */
export interface LoginUpstreamOptions {
  server: string;
  url: string;
  headers?: Record<string, string>;
  oauth: UpstreamOAuthConfig;
  store: TokenStore;
  baseDir: string;
  /** Shows the authorization URL to the user (prints it, opens a browser). */
  onAuthorizationUrl: (url: URL) => void | Promise<void>;
  /** How long to wait for the redirect. Default 5 minutes. */
  timeoutMs?: number;
}

/** What {@link loginUpstream} stored. */
export interface LoginUpstreamResult {
  /** The scope the authorization server granted, when it said. */
  scope: string | undefined;
  /** Whether the tokens include a refresh token, so later runs need no login. */
  refreshable: boolean;
}

/**
 * The authorization-code flow for one upstream, once: asks the server for its challenge (`WWW-Authenticate`'s
 * `resource_metadata` and `scope`), lets the SDK's `auth()` discover, register and build the PKCE authorization URL,
 * receives the code on a loopback redirect, checks `state`, and has `auth()` exchange it (checking `iss`). The tokens
 * land in the token store.
 */
export async function loginUpstream(options: LoginUpstreamOptions): Promise<LoginUpstreamResult> {
  if (options.oauth.grant === "client_credentials") {
    throw new CodeModeError("INVALID_USAGE", `Upstream ${options.server} uses the client_credentials grant, which needs no login.`);
  }
  const record = await options.store.read(options.server, options.url);
  const storedPort = record.redirectUri ? Number(new URL(record.redirectUri).port) : undefined;
  const port = options.oauth.redirectPort ?? storedPort ?? 0;
  const callback = await receiveAuthorizationCallback(port).catch(async (error: unknown) => {
    if (options.oauth.redirectPort !== undefined || port === 0) throw error;
    // The port of the last registration is taken: register again with a new one.
    await options.store.write({ ...record, client: undefined, redirectUri: undefined });
    return receiveAuthorizationCallback(0);
  });
  try {
    const provider = createUpstreamAuthProvider({
      server: options.server,
      url: options.url,
      oauth: options.oauth,
      store: options.store,
      baseDir: options.baseDir,
      login: { redirectUri: callback.redirectUri, onAuthorizationUrl: options.onAuthorizationUrl },
    });
    // A login discovers afresh: the server may have moved to another authorization server since the last one.
    await provider.invalidateCredentials?.("discovery");
    const challenge = await probeChallenge(options.url, options.headers ?? {});
    const scope = computeScopeUnion(options.oauth.scope, challenge.scope, await provider.pendingScope());
    const common = { serverUrl: options.url, ...(challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}), ...(scope ? { scope } : {}) };
    const started = await auth(provider, { ...common, forceReauthorization: true });
    if (started === "REDIRECT") {
      const params = await callback.wait(options.timeoutMs ?? 300_000);
      if (params.get("state") !== provider.lastState) {
        throw new CodeModeError("UNAVAILABLE", `The login redirect for ${options.server} carried the wrong state; start the login again.`);
      }
      const code = params.get("code");
      if (!code) {
        // The error code only: the callback's description is the authorization server's (or an attacker's) text.
        const refused = params.get("error") ?? "no code";
        throw new CodeModeError("UNAVAILABLE", `The authorization server refused the login to ${options.server} (${JSON.stringify(refused)}).`);
      }
      const iss = params.get("iss") ?? undefined;
      await auth(provider, { ...common, authorizationCode: code, ...(iss !== undefined ? { iss } : {}) });
    }
    const { tokens } = await options.store.read(options.server, options.url);
    return { scope: tokens?.scope, refreshable: tokens?.refresh_token !== undefined };
  } finally {
    await callback.close();
  }
}

interface Challenge {
  scope?: string;
  resourceMetadataUrl?: URL;
}

/**
 * Connects without a token and lists tools to see the server's challenge: a 401 (or a 403 `insufficient_scope`)
 * names the protected-resource metadata and the scope. A server that lets the listing through gives none, and
 * discovery then starts from its well-known metadata.
 */
async function probeChallenge(url: string, headers: Record<string, string>): Promise<Challenge> {
  let challenge: Challenge | undefined;
  const probe: AuthProvider = {
    token: async () => undefined,
    onUnauthorized: async ({ response }) => {
      const { scope, resourceMetadataUrl } = extractWWWAuthenticateParams(response);
      challenge = { ...(scope ? { scope } : {}), ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}) };
      throw new ChallengeSeen();
    },
  };
  const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: probe, requestInit: { headers }, onInsufficientScope: "throw" });
  const client = new Client({ name: "codemode-login", version: "0.0.0" }, { capabilities: {}, versionNegotiation: { mode: "auto" } });
  try {
    await client.connect(transport);
    await client.listTools();
  } catch (error) {
    if (error instanceof InsufficientScopeError) {
      challenge = { ...(error.requiredScope ? { scope: error.requiredScope } : {}), ...(error.resourceMetadataUrl ? { resourceMetadataUrl: error.resourceMetadataUrl } : {}) };
    } else if (challenge === undefined) {
      throw new CodeModeError("UNAVAILABLE", `Cannot reach upstream ${redactUrl(url)} to log in: ${createRedactor()((error as Error).message)}`);
    }
  } finally {
    await client.close().catch(() => undefined);
  }
  return challenge ?? {};
}

class ChallengeSeen extends Error {}

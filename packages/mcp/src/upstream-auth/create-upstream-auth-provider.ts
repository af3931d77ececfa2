import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  auth,
  ClientCredentialsProvider,
  PrivateKeyJwtProvider,
  type FetchLike,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { CodeModeError } from "@codemode/core";
import type { TokenStore, UpstreamAuthRecord } from "./token-store.js";
import type { UpstreamOAuthConfig } from "./upstream-oauth-config.js";

/** Options of {@link createUpstreamAuthProvider}. */
export interface CreateUpstreamAuthProviderOptions {
  /** The server's id in the config: names its stored login and the `codemode login` it may need. */
  server: string;
  url: string;
  oauth: UpstreamOAuthConfig;
  store: TokenStore;
  /** Where `privateKeyFile` is resolved: the config file's folder. */
  baseDir: string;
  /** The command a user runs to log in, named in the error when a login is needed. Default `codemode login SERVER`. */
  loginCommand?: string;
  /**
   * Set by `codemode login` only: the loopback redirect URI and what to do with the authorization URL. Without it the
   * provider never starts an authorization in a browser: where the SDK would, the upstream fails with an `UNAVAILABLE`
   * error that names the login command.
   */
  login?: { redirectUri: string; onAuthorizationUrl: (url: URL) => void | Promise<void> };
}

/** What {@link createUpstreamAuthProvider} returns: the SDK's provider interface plus the login's own needs. */
export interface UpstreamAuthProvider extends OAuthClientProvider {
  /** The `state` sent with the last authorization request, checked against the callback. */
  readonly lastState: string | undefined;
  /** The scope a step-up challenge asked for that the next login must request, if any. */
  pendingScope(): Promise<string | undefined>;
  /** Wraps the transport's fetch to see the server's 401 and 403 answers (a step-up is told apart by them). */
  observe(next: FetchLike): FetchLike;
}

/** An access token this close to its expiry is refreshed before it is sent. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * The SDK `OAuthClientProvider` of one upstream, backed by the token store. The SDK's `auth()` does discovery,
 * registration, PKCE, `resource`, refresh and step-up; this provider stores what it hands over, refreshes an access
 * token before it expires, and turns "a user must authorize in a browser" into an error naming `codemode login`.
 * The `client_credentials` grant delegates to the SDK's `ClientCredentialsProvider` / `PrivateKeyJwtProvider`.
 */
export function createUpstreamAuthProvider(options: CreateUpstreamAuthProviderOptions): UpstreamAuthProvider {
  return new StoredUpstreamAuthProvider(options);
}

class StoredUpstreamAuthProvider implements UpstreamAuthProvider {
  readonly clientMetadataUrl: string | undefined;
  lastState: string | undefined;
  private verifier: string | undefined;
  private requestedScope: string | undefined;
  private lastRefusal: number | undefined;
  // The access token last handed to the SDK: what it means when it says the tokens are dead.
  private handedOut: string | undefined;
  private refreshing: Promise<void> | undefined;
  private readonly machine: OAuthClientProvider | undefined;
  private readonly loginCommand: string;
  addClientAuthentication?: OAuthClientProvider["addClientAuthentication"];

  constructor(private readonly options: CreateUpstreamAuthProviderOptions) {
    this.clientMetadataUrl = options.oauth.clientMetadataUrl;
    this.loginCommand = options.loginCommand ?? `codemode login ${options.server}`;
    this.machine = options.oauth.grant === "client_credentials" ? createMachineProvider(options) : undefined;
    if (this.machine?.addClientAuthentication) this.addClientAuthentication = this.machine.addClientAuthentication;
  }

  get redirectUrl(): string | undefined {
    if (this.machine) return undefined;
    // Outside a login the redirect is never followed; the URI registered at login keeps the client metadata the same.
    return this.options.login?.redirectUri ?? `http://127.0.0.1:${this.options.oauth.redirectPort ?? 0}/callback`;
  }

  get clientMetadata(): OAuthClientMetadata {
    if (this.machine) return { ...this.machine.clientMetadata, ...scopeOf(this.options.oauth) };
    const redirectUri = this.redirectUrl as string;
    return {
      client_name: "codemode gateway",
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: this.options.oauth.tokenEndpointAuthMethod ?? (this.options.oauth.clientSecret ? "client_secret_basic" : "none"),
      ...scopeOf(this.options.oauth),
    };
  }

  state(): string {
    this.lastState = randomBytes(16).toString("base64url");
    return this.lastState;
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    if (this.machine) {
      const information = await this.machine.clientInformation();
      const method = this.options.oauth.tokenEndpointAuthMethod;
      return information && method && method !== "private_key_jwt" ? { ...information, token_endpoint_auth_method: method } : information;
    }
    const { clientId, clientSecret, tokenEndpointAuthMethod, issuer } = this.options.oauth;
    if (clientId !== undefined) {
      return {
        client_id: clientId,
        ...(clientSecret !== undefined ? { client_secret: clientSecret } : {}),
        ...(tokenEndpointAuthMethod !== undefined ? { token_endpoint_auth_method: tokenEndpointAuthMethod } : {}),
        ...(issuer !== undefined ? { issuer } : {}),
      };
    }
    const { client } = await this.read();
    // Registering happens only during a login, whose redirect URI the registration then carries.
    if (!client && !this.options.login) throw this.loginNeeded("has no stored login");
    return client;
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    // A pre-registered client lives in the config; only what the SDK registered or stamped is stored.
    if (this.options.oauth.clientId !== undefined && client.client_id === this.options.oauth.clientId) return;
    await this.update((record) => ({ ...record, client, ...(this.options.login ? { redirectUri: this.options.login.redirectUri } : {}) }));
  }

  async tokens(context?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    const record = await this.read();
    // The transport reads the token before each request without a context: that read refreshes an expiring token.
    const renewable = record.tokens?.refresh_token !== undefined || this.machine !== undefined;
    if (context === undefined && !this.options.login && renewable && expiresSoon(record)) {
      await this.refresh();
      const fresh = (await this.read()).tokens;
      this.handedOut = fresh?.access_token;
      return fresh;
    }
    this.handedOut = record.tokens?.access_token;
    return record.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.update((record) => {
      // A token response without `scope` was granted the scope asked for (RFC 6749 §5.1), a refresh the one before (§6).
      const granted = tokens.scope ?? (this.options.login ? this.requestedScope : record.tokens?.scope) ?? (this.machine ? this.options.oauth.scope : undefined);
      const { pendingScope, ...rest } = record;
      const stillPending = pendingScope && !covers(granted, pendingScope) ? { pendingScope } : {};
      return {
        ...rest,
        ...stillPending,
        tokens: granted !== undefined ? { ...tokens, scope: granted } : tokens,
        ...(this.options.login ? { redirectUri: this.options.login.redirectUri } : {}),
        ...(tokens.expires_in !== undefined ? { expiresAt: Date.now() + tokens.expires_in * 1000 } : { expiresAt: undefined }),
      };
    });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const scope = authorizationUrl.searchParams.get("scope") ?? undefined;
    if (this.options.login) {
      this.requestedScope = scope;
      return this.options.login.onAuthorizationUrl(authorizationUrl);
    }
    const { tokens, redirectUri } = await this.read();
    if (this.lastRefusal === 403 && tokens && scope && covers(tokens.scope, scope)) {
      // The token already has every scope the server names and is still refused: a new login would get the same.
      throw new CodeModeError("UNAVAILABLE", `Upstream ${this.options.server} refuses its token as insufficient_scope although it has the scope asked for (${scope}).`);
    }
    // The scope the SDK asked for (a step-up's union included) is what the next login requests.
    if (scope !== undefined) await this.update((record) => ({ ...record, pendingScope: scope }));
    if (tokens && scope && !covers(tokens.scope, scope)) throw this.loginNeeded(`needs a wider scope (${scope})`);
    // The SDK drops tokens it found dead before it gets here; a past login left the redirect URI it used.
    throw this.loginNeeded(tokens || redirectUri ? "needs a new login" : "has no stored login");
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error("No PKCE code verifier was saved for this authorization.");
    return this.verifier;
  }

  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    return this.machine?.prepareTokenRequest?.(scope) as URLSearchParams | undefined;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.update((record) => ({ ...record, discovery }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.read()).discovery;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "all" || scope === "verifier") this.verifier = undefined;
    await this.update((record) => {
      // Another process (a second gateway, a login) replaced the tokens the SDK found dead: keep the new ones, and
      // the SDK's retry uses them. Refresh tokens rotate, so two refreshes from one stored token race like this.
      if (scope === "tokens" && record.tokens && record.tokens.access_token !== this.handedOut) return record;
      const next = { ...record };
      if (scope === "all" || scope === "client") delete next.client;
      if (scope === "all" || scope === "tokens") {
        delete next.tokens;
        delete next.expiresAt;
      }
      if (scope === "all" || scope === "discovery") delete next.discovery;
      return next;
    });
  }

  observe(next: FetchLike): FetchLike {
    return async (input, init) => {
      const response = await next(input, init);
      const refused = response.status === 401 || response.status === 403;
      if (refused && new URL(String(input)).href === new URL(this.options.url).href) this.lastRefusal = response.status;
      return response;
    };
  }

  async pendingScope(): Promise<string | undefined> {
    return (await this.read()).pendingScope;
  }

  /** Gets a fresh access token through the SDK: a refresh grant, or a new client_credentials token. */
  private refresh(): Promise<void> {
    this.refreshing ??= auth(this, { serverUrl: this.options.url })
      .then(() => undefined)
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private read(): Promise<UpstreamAuthRecord> {
    return this.options.store.read(this.options.server, this.options.url);
  }

  private async update(change: (record: UpstreamAuthRecord) => UpstreamAuthRecord): Promise<void> {
    await this.options.store.write(change(await this.read()));
  }

  private loginNeeded(why: string): CodeModeError {
    return new CodeModeError("UNAVAILABLE", `Upstream ${this.options.server} ${why}: run \`${this.loginCommand}\` to authorize it.`);
  }
}

/** The SDK's own provider for the `client_credentials` grant: a signed JWT assertion with a key file, else the secret. */
function createMachineProvider(options: CreateUpstreamAuthProviderOptions): OAuthClientProvider {
  const { clientId = "", clientSecret, privateKeyFile, signingAlgorithm, scope, issuer } = options.oauth;
  const shared = { clientId, clientName: "codemode gateway", ...(scope ? { scope } : {}), ...(issuer ? { expectedIssuer: issuer } : {}) };
  if (privateKeyFile !== undefined) {
    const file = path.resolve(options.baseDir, privateKeyFile);
    let privateKey: string;
    try {
      privateKey = readFileSync(file, "utf8");
    } catch (error) {
      throw new CodeModeError("INVALID_CONFIG", `mcpServers.${options.server}.oauth.privateKeyFile: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
    }
    return new PrivateKeyJwtProvider({ ...shared, privateKey, algorithm: signingAlgorithm ?? "RS256" });
  }
  return new ClientCredentialsProvider({ ...shared, clientSecret: clientSecret ?? "" });
}

function scopeOf(oauth: UpstreamOAuthConfig): { scope?: string } {
  return oauth.scope ? { scope: oauth.scope } : {};
}

function expiresSoon(record: UpstreamAuthRecord): boolean {
  return record.expiresAt !== undefined && record.expiresAt - Date.now() < REFRESH_MARGIN_MS;
}

/** Whether the space-separated `granted` scopes include every one of `wanted`. */
function covers(granted: string | undefined, wanted: string): boolean {
  const have = new Set((granted ?? "").split(" ").filter(Boolean));
  return wanted.split(" ").filter(Boolean).every((scope) => have.has(scope));
}

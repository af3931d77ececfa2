import type { createRemoteJWKSet, JWTPayload } from "jose";
import { DEFAULT_OAUTH_ALGORITHMS, type OAuthConfig } from "../config/index.js";
import { allowByClaim } from "./allow-by-claim.js";
import type { Principal } from "./principal.js";
import { oauthOwnerOf } from "./session-owner.js";

/** What checking one access token came to; a refusal's message names the reason, never the token. */
export type OAuthVerdict =
  | { ok: true; principal: Principal }
  | { ok: false; status: 401 | 403 | 503; error: "invalid_token" | "insufficient_scope" | "temporarily_unavailable"; message: string };

/** Checks access tokens (JWTs) of one issuer. */
export interface OAuthVerifier {
  readonly issuer: string;
  readonly requiredScopes: readonly string[];
  /** Checks a token's signature, issuer, audience (`audience`, unless the config names one), lifetime and scopes. */
  verify(token: string, audience: string): Promise<OAuthVerdict>;
}

const DISCOVERY_TIMEOUT_MS = 5_000;
const JWKS_MAX_AGE_MS = 10 * 60_000;

/**
 * Makes the resource server's token check: JWTs signed by the issuer's keys, found through its metadata (RFC 8414,
 * then OpenID Connect discovery) and cached; an unknown `kid` fetches the key set again (at most once per
 * `jwksCooldownMs`), so key rotation needs no restart.
 */
export function createOAuthVerifier(config: OAuthConfig, log: (message: string) => void): OAuthVerifier {
  const requiredScopes = config.requiredScopes ?? [];
  // Loaded here, not at import: a gateway without OAuth (and every one-shot CLI command) never needs it.
  const jose = import("jose");
  jose.catch(() => undefined);
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  const keySet = () => {
    keys ??= (config.jwksUri ? Promise.resolve(config.jwksUri) : discoverJwksUri(config.issuer)).then(async (uri) =>
      (await jose).createRemoteJWKSet(new URL(uri), { cooldownDuration: config.jwksCooldownMs ?? 30_000, cacheMaxAge: JWKS_MAX_AGE_MS }),
    );
    // A failed discovery is tried again by the next request rather than remembered.
    keys.catch(() => (keys = undefined));
    return keys;
  };

  async function verify(token: string, resource: string): Promise<OAuthVerdict> {
    let payload: JWTPayload;
    const { errors, jwtVerify } = await jose;
    try {
      const jwks = await keySet();
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: config.issuer,
        audience: config.audience ?? resource,
        algorithms: [...(config.algorithms ?? DEFAULT_OAUTH_ALGORITHMS)],
        clockTolerance: config.clockSkewSeconds ?? 30,
        requiredClaims: ["exp", "sub"],
      }));
    } catch (error) {
      return refusal(error, errors, config, log);
    }
    const missing = requiredScopes.filter((scope) => !scopesOf(payload).includes(scope));
    if (missing.length > 0) {
      return { ok: false, status: 403, error: "insufficient_scope", message: `the token lacks the scope${missing.length > 1 ? "s" : ""} ${missing.join(", ")}` };
    }
    const principal: Principal = { name: payload.sub as string, owner: oauthOwnerOf(payload.sub as string) };
    if (!config.allowByClaim) return { ok: true, principal };
    const allow = allowByClaim(payload, config.allowByClaim);
    if (allow.length === 0) {
      const claim = config.allowByClaim.claim;
      return { ok: false, status: 403, error: "insufficient_scope", message: `no value of the token's "${claim}" claim grants any tool` };
    }
    return { ok: true, principal: { ...principal, allow } };
  }

  return { issuer: config.issuer, requiredScopes, verify };
}

function refusal(error: unknown, errors: typeof import("jose").errors, config: OAuthConfig, log: (message: string) => void): OAuthVerdict {
  const invalid = (message: string): OAuthVerdict => ({ ok: false, status: 401, error: "invalid_token", message });
  if (error instanceof errors.JWTExpired) return invalid("the token has expired");
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "nbf") return invalid("the token is not valid yet");
    if (error.claim === "iss") return invalid(`the token was not issued by ${config.issuer}`);
    if (error.claim === "aud") return invalid("the token's audience is not this gateway");
    return invalid(`the token's "${error.claim}" claim is ${error.reason === "missing" ? "missing" : "invalid"}`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return invalid("the token's signing algorithm is not accepted");
  if (error instanceof errors.JWKSNoMatchingKey) return invalid("no key of the issuer matches the token");
  if (error instanceof errors.JWSSignatureVerificationFailed) return invalid("the token's signature is not valid");
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid || error instanceof errors.JOSENotSupported) {
    return invalid("the token is not a JWT this gateway can check");
  }
  // The issuer's metadata or keys could not be had: no token can be checked now, whoever sent it.
  log(`OAuth: cannot check tokens of ${config.issuer}: ${(error as Error).message}`);
  return { ok: false, status: 503, error: "temporarily_unavailable", message: "the issuer's keys cannot be fetched now" };
}

/** The token's scopes: the `scope` claim (space-separated, RFC 9068) or an `scp` list. */
function scopesOf(payload: JWTPayload): string[] {
  const { scope, scp } = payload as { scope?: unknown; scp?: unknown };
  if (typeof scope === "string") return scope.split(" ").filter(Boolean);
  if (Array.isArray(scp)) return scp.filter((item): item is string => typeof item === "string");
  if (typeof scp === "string") return scp.split(" ").filter(Boolean);
  return [];
}

/**
 * The issuer's `jwks_uri`, from the first of its metadata documents that answers: RFC 8414 (path inserted after
 * the host), then OpenID Connect discovery (path inserted, then appended). The document must name the same issuer.
 */
async function discoverJwksUri(issuer: string): Promise<string> {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, "");
  const candidates = [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    ...(path ? [`${url.origin}${path}/.well-known/openid-configuration`] : []),
  ];
  const failures: string[] = [];
  for (const candidate of candidates) {
    try {
      const response = await fetch(candidate, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
      if (!response.ok) {
        failures.push(`${candidate}: HTTP ${response.status}`);
        await response.body?.cancel();
        continue;
      }
      const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (metadata.issuer !== issuer) throw new Error(`${candidate} names the issuer ${JSON.stringify(metadata.issuer)}, not ${issuer}`);
      if (typeof metadata.jwks_uri !== "string" || !isFetchableKeyUrl(metadata.jwks_uri)) {
        throw new Error(`${candidate} has no https jwks_uri`);
      }
      return metadata.jwks_uri;
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  throw new Error(`no authorization server metadata: ${failures.join("; ")}`);
}

/** Keys come over https, or plain http from this machine only (an issuer run for tests or development). */
function isFetchableKeyUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
  } catch {
    return false;
  }
}

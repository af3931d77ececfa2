import { authenticateBearer, type BearerPrincipal } from "./authenticate-bearer.js";
import type { OAuthVerifier } from "./create-oauth-verifier.js";
import { ANONYMOUS, type Principal } from "./principal.js";
import { protectedResourceMetadataUrl } from "./protected-resource-metadata.js";
import { sessionOwnerOf } from "./session-owner.js";

/** How HTTP callers prove who they are; with neither, every caller is {@link ANONYMOUS}. */
export interface Authentication {
  bearer?: readonly BearerPrincipal[] | undefined;
  oauth?: OAuthVerifier | undefined;
}

/** A refused request: its status, and the `WWW-Authenticate` challenge and message to send with it. */
export interface AuthRefusal {
  status: 401 | 403 | 503;
  challenge?: string;
  message: string;
}

/**
 * Authenticates one request by its `Authorization` header: a configured bearer token, else an OAuth access token of
 * the configured issuer whose audience is `resource` (the gateway's URL, RFC 8707).
 */
export async function authenticateRequest(
  header: string | null,
  authentication: Authentication,
  resource: string,
): Promise<{ principal: Principal } | { refusal: AuthRefusal }> {
  const { bearer, oauth } = authentication;
  if (!bearer && !oauth) return { principal: ANONYMOUS };
  const known = bearer ? authenticateBearer(header ?? undefined, bearer) : null;
  if (known) {
    return { principal: { name: known.name, owner: sessionOwnerOf(known), ...(known.allow ? { allow: known.allow } : {}) } };
  }
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
  const challenge = (error?: string) => challengeOf(oauth, resource, error);
  if (!token) return { refusal: { status: 401, challenge: challenge(), message: "Unauthorized: send a valid bearer token." } };
  if (!oauth) return { refusal: { status: 401, challenge: challenge("invalid_token"), message: "Unauthorized: send a valid bearer token." } };
  const verdict = await oauth.verify(token, resource);
  if (verdict.ok) return { principal: verdict.principal };
  if (verdict.status === 503) return { refusal: { status: 503, message: `Unavailable: ${verdict.message}.` } };
  const label = verdict.status === 401 ? "Unauthorized" : "Forbidden";
  return { refusal: { status: verdict.status, challenge: challenge(verdict.error), message: `${label}: ${verdict.message}.` } };
}

/** RFC 6750 challenge; with OAuth it points at the RFC 9728 metadata and names the scopes to ask for. */
function challengeOf(oauth: OAuthVerifier | undefined, resource: string, error?: string): string {
  const parts = oauth
    ? [`resource_metadata="${protectedResourceMetadataUrl(resource)}"`, ...(oauth.requiredScopes.length > 0 ? [`scope="${oauth.requiredScopes.join(" ")}"`] : [])]
    : ['realm="codemode"'];
  if (error) parts.push(`error="${error}"`);
  return `Bearer ${parts.join(", ")}`;
}

import type { OAuthVerifier } from "./create-oauth-verifier.js";

const WELL_KNOWN = "/.well-known/oauth-protected-resource";

/** The RFC 9728 metadata document of the gateway's resource: who issues its tokens and which scopes it needs. */
export function protectedResourceMetadata(resource: string, verifier: OAuthVerifier): Record<string, unknown> {
  return {
    resource,
    authorization_servers: [verifier.issuer],
    bearer_methods_supported: ["header"],
    ...(verifier.requiredScopes.length > 0 ? { scopes_supported: [...verifier.requiredScopes] } : {}),
    resource_name: "codemode gateway",
  };
}

/** Where RFC 9728 puts a resource's metadata: the well-known path with the resource's own path appended. */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  return `${url.origin}${WELL_KNOWN}${url.pathname === "/" ? "" : url.pathname}`;
}

/** Whether a path asks for the metadata: the path-inserted form for the resource, or the bare well-known path. */
export function isProtectedResourceMetadataPath(pathname: string, resource: string): boolean {
  return pathname === WELL_KNOWN || pathname === new URL(protectedResourceMetadataUrl(resource)).pathname;
}

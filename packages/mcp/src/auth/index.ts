export { authenticateRequest, type Authentication } from "./authenticate-request.js";
export type { BearerPrincipal } from "./authenticate-bearer.js";
export { createOAuthVerifier } from "./create-oauth-verifier.js";
export { ANONYMOUS, scopeKeyOf, type Principal } from "./principal.js";
export { isProtectedResourceMetadataPath, protectedResourceMetadata } from "./protected-resource-metadata.js";
export { LOCAL_OWNER } from "./session-owner.js";

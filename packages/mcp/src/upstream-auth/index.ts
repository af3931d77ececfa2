export { createUpstreamAuthProvider, type UpstreamAuthProvider } from "./create-upstream-auth-provider.js";
export { loginUpstream } from "./login-upstream.js";
export { createTokenStore, type TokenStore } from "./token-store.js";
export { upstreamOAuthConfigSchema, type UpstreamOAuthConfig } from "./upstream-oauth-config.js";

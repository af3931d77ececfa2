export { createUpstreamAuthProvider, type CreateUpstreamAuthProviderOptions, type UpstreamAuthProvider } from "./create-upstream-auth-provider.js";
export { loginUpstream, type LoginUpstreamOptions, type LoginUpstreamResult } from "./login-upstream.js";
export { createTokenStore, defaultAuthDir, type TokenStore, type UpstreamAuthRecord } from "./token-store.js";
export { upstreamOAuthConfigSchema, type UpstreamOAuthConfig } from "./upstream-oauth-config.js";

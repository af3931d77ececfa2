export { gatewayConfigSchema, type GatewayConfig, type UpstreamConfig } from "./gateway-config.js";
export { parseClusterConfig, parseGatewayConfig, type ParseGatewayConfigOptions } from "./parse-gateway-config.js";
export { loadGatewayConfig } from "./load-gateway-config.js";
export { importClientConfig } from "./import-client-config.js";
export { readClientConfigFile } from "./load-gateway-config.js";
export { DEFAULT_OAUTH_ALGORITHMS, type OAuthConfig } from "./auth-config.js";
export type { QuotasConfig } from "./quotas-config.js";
export type { ClusterConfig } from "./cluster-config.js";
export { secretsOf } from "./secrets-of.js";

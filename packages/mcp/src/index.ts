// The public API of @codemode/mcp: every name here is a decision, and adding one gets a changeset.
export {
  gatewayConfigSchema,
  loadGatewayConfig,
  type ClusterConfig,
  parseGatewayConfig,
  type GatewayConfig,
  type ParseGatewayConfigOptions,
  type UpstreamConfig,
} from "./config/index.js";
export {
  createGateway,
  createGatewayServer,
  type CreateGatewayOptions,
  type CreateGatewayServerOptions,
  type Gateway,
  type GatewayUpstreamState,
  type HttpListener,
  type ListenOptions,
  type NodeHttpHandler,
} from "./gateway/index.js";
export type { BearerPrincipal } from "./auth/index.js";
export type { LogEntry, LogLevel } from "./operate/index.js";
export { fromMcpTools, type CallUpstreamTool, type GatewayCallContext } from "./tools/index.js";
export { createUpstream, type CreateUpstreamOptions, type Upstream, type UpstreamLogFields, type UpstreamStatus } from "./upstream/index.js";

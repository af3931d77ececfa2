export { createGateway, type CreateGatewayOptions, type Gateway } from "./create-gateway.js";
export type { GatewayUpstreamState } from "./create-gateway-upstreams.js";
export { createGatewayServer, type CreateGatewayServerOptions } from "./create-gateway-server.js";
export type { HttpListener, ListenOptions } from "./listen-http.js";
export type { NodeHttpHandler } from "./to-node-http-handler.js";
export { startNamedUpstreams, withUnlistedUpstreams } from "./start-named-upstreams.js";

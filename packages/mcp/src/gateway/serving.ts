// What serves MCP clients (the SDKs' servers and transports, the HTTP entry): loaded by createGateway when it first
// serves one, as one chunk. `codemode search`, `types` and `exec` never serve, and these modules are about half of
// what the CLI would otherwise load at start.
export { createHttpHandler } from "./create-http-handler.js";
export { createStatelessGatewayServer } from "./create-stateless-gateway-server.js";
export { listenHttp } from "./listen-http.js";
export { serveGatewayStdio } from "./serve-gateway-stdio.js";
export { toNodeHttpHandler } from "./to-node-http-handler.js";

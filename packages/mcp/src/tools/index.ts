export { fromMcpTools, type CallUpstreamTool } from "./from-mcp-tools.js";
export { reportToolCall, type GatewayCallContext } from "./gateway-call-context.js";

export { fromMcpTools, type CallUpstreamTool } from "./from-mcp-tools.js";
export { type GatewayCallContext } from "./gateway-call-context.js";
export type { CallerAnswer, CallerQuestion, UpstreamCallOptions, UpstreamCaller, UpstreamProgress } from "./upstream-caller.js";
export { withDeclined } from "./with-declined.js";

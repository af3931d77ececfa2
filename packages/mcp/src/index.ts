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
export type { LogEntry, LogLevel, TrackedRunOptions, TrackExecution } from "./operate/index.js";
export {
  fromMcpTools,
  type CallerAnswer,
  type CallerQuestion,
  type CallUpstreamTool,
  type GatewayCallContext,
  type UpstreamCallOptions,
  type UpstreamCaller,
  type UpstreamProgress,
} from "./tools/index.js";
export { createUpstream, type CreateUpstreamOptions, type Upstream, type UpstreamLogFields, type UpstreamStatus } from "./upstream/index.js";
// The core's types this package's options and results are made of, so its users name them from here; and the error
// class its config loader and gateway throw.
export { CodeModeError } from "@codemode/core";
export type {
  ApprovalDecision,
  ApprovalRequest,
  CodeMode,
  Diagnostic,
  ExecuteOptions,
  ExecutionError,
  ExecutionErrorKind,
  ExecutionEvent,
  ExecutionEventListener,
  ExecutionResult,
  JsonValue,
  PendingCall,
  ToolCallRecord,
  ToolDefinition,
  Truncation,
  WorkspaceOptions,
} from "@codemode/core";

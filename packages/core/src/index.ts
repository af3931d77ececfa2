// The public API of @codemode/core: every name here is a decision, and adding one gets a changeset.
export type { ApprovalDecision, ApprovalRequest, ApprovalStatus, Approver, ContinuationStore } from "./approval/index.js";
export { createMemoryContinuationStore } from "./approval/index.js";
export type {
  CallStyle,
  CatalogDetail,
  CatalogItem,
  CatalogOptions,
  CatalogPage,
  EmbedFunction,
  ToolDescription,
} from "./catalog/index.js";
export type {
  ApprovalOptions,
  CatalogCallOptions,
  CodeMode,
  CodeModeStats,
  CreateCodeModeOptions,
  EndSessionOptions,
  ExecuteOptions,
  HostCatalog,
  ResumeOptions,
} from "./code-mode/index.js";
export type { WorkspaceEntry, WorkspaceOptions } from "./workspace/index.js";
export type { ResourceCallOptions, ResourceContent, ResourceInfo, ResourceSource } from "./resources/index.js";
export type {
  ExecutionEvent,
  ExecutionEventListener,
  ToolCallEndEvent,
  ToolCallHooks,
  ToolCallStartEvent,
  TraceOptions,
} from "./sandbox/index.js";
export { checkScript, createCodeMode, type CheckScriptOptions } from "./code-mode/index.js";
export type {
  CheckDiagnostic,
  CheckResult,
  Diagnostic,
  ExecutionError,
  ExecutionErrorKind,
  ExecutionResult,
  JsonValue,
  PendingCall,
  ToolCallRecord,
  Truncation,
} from "./envelopes/index.js";
export {
  EXECUTION_ERROR_KINDS,
  type CallEnvelope,
  type CallError,
  type CallMeta,
  type CatalogEnvelope,
  type ContentBlock,
} from "./envelopes/index.js";
export {
  CodeModeError,
  ERROR_CODES,
  isCodeModeError,
  nearestName,
  toErrorData,
  type CallErrorCode,
  type CodeModeErrorCode,
  type CodeModeErrorOptions,
  type ErrorCodeEntry,
  type ErrorData,
  type ErrorSurface,
} from "./errors/index.js";
export { DEFAULT_LIMITS, resolveLimits, type ExecutionLimits } from "./limits/index.js";
export { describeExecutionEvent, HARD_STOP_GRACE_MS } from "./sandbox/index.js";
export { formatExecutionResult, toModelView } from "./model-view/index.js";
export { MAX_JSON_DEPTH, nestsDeeperThan } from "./serializer/index.js";
export type { EngineKind } from "./platform/index.js";
export {
  createMemorySessionStore,
  DEFAULT_SESSION_OPTIONS,
  type SessionLease,
  type SessionInfo,
  type SessionOptions,
  type SessionStore,
  type StoredSession,
  type StoredSessionInfo,
} from "./session/index.js";
export {
  checkToolName,
  CODE_DESCRIPTION,
  createAllowFilter,
  createToolNamer,
  decodeBinary,
  defineTool,
  EXECUTION_RESULT_SCHEMA,
  executeInputSchema,
  fromCallToolResult,
  isCallToolResult,
  MAX_TOOL_NAME_LENGTH,
  SESSION_ID_DESCRIPTION,
  toJsonSchema,
  toolResult,
  type AllowFilter,
  type ExecuteInputSchemaOptions,
  type ExecuteToolInput,
  type FromCallToolResultOptions,
  type McpCallToolResult,
  type McpContentBlock,
  type ToolNamer,
  type JsonSchema,
  type StateTransition,
  type ToolAnnotations,
  type ToolDefinition,
  type ToolExecutionContext,
  type ToolResult,
  type ToolSchema,
} from "./tools/index.js";

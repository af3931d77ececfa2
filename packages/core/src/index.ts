// The public API of @codemode/core: every name here is a decision (shared/STYLE.md, principle 4).
export type { ApprovalDecision, ApprovalRequest, ApprovalStatus, Approver } from "./approval/index.js";
export type {
  CatalogDetail,
  CatalogItem,
  CatalogOptions,
  CatalogPage,
  EmbedFunction,
  ToolDescription,
} from "./catalog/tool-catalog.js";
export { CatalogError, isCatalogError, type CatalogErrorCode } from "./catalog/index.js";
export type {
  CatalogCallOptions,
  CodeMode,
  CreateCodeModeOptions,
  EndSessionOptions,
  ExecuteOptions,
  HostCatalog,
} from "./code-mode/code-mode.js";
export { WorkspaceError, type WorkspaceEntry, type WorkspaceErrorCode, type WorkspaceOptions } from "./workspace/index.js";
export type {
  ToolCallEndEvent,
  ToolCallHooks,
  ToolCallStartEvent,
  TraceOptions,
} from "./sandbox/index.js";
export type { CallStyle } from "./catalog/signature/index.js";
export { createCodeMode } from "./code-mode/create-code-mode.js";
export type {
  Diagnostic,
  ExecutionError,
  ExecutionErrorKind,
  ExecutionResult,
  JsonValue,
  ToolCallRecord,
  Truncation,
} from "./envelopes/index.js";
export type { CallEnvelope, CallError, CallErrorCode, CallMeta, CatalogEnvelope } from "./envelopes/index.js";
export { CodeModeError, isCodeModeError, ToolError, type CodeModeErrorCode } from "./errors/index.js";
export { DEFAULT_LIMITS, type ExecutionLimits } from "./limits/index.js";
export { formatExecutionResult, toModelView } from "./report/index.js";
export { DEFAULT_SESSION_OPTIONS, SESSION_ID_DESCRIPTION, type SessionOptions } from "./session/index.js";
export {
  checkToolName,
  createAllowFilter,
  defineTool,
  toJsonSchema,
  toolResult,
  type AllowFilter,
  type JsonSchema,
  type StateTransition,
  type ToolAnnotations,
  type ToolDefinition,
  type ToolExecutionContext,
  type ToolResult,
  type ToolSchema,
} from "./tools/index.js";

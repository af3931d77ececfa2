// The public API of @codemode/mastra: every name here is a decision, and adding one gets a changeset.
export {
  createCodeModeTool,
  type CodeModeResumeData,
  type CodeModeSuspendPayload,
  type CodeModeTool,
  type CodeModeToolInput,
  type CreateCodeModeToolOptions,
} from "./create-code-mode-tool.js";
export { createCodeModeTransport, type CodeModeTransportOptions } from "./create-code-mode-transport.js";
export { fromMastraTools, type FromMastraToolsOptions, type MastraTool, type NamespaceOption } from "./from-mastra-tools.js";
// The core's types this package's options and results are made of, so its users name them from here.
export type {
  CodeMode,
  CreateCodeModeOptions,
  Diagnostic,
  ExecuteToolInput,
  ExecutionError,
  ExecutionErrorKind,
  ExecutionResult,
  JsonValue,
  PendingCall,
  ToolCallRecord,
  ToolDefinition,
  Truncation,
} from "@codemode/core";

// The public API of @codemode/tanstack-ai: every name here is a decision, and adding one gets a changeset.
export {
  createCodeModeTool,
  EXECUTION_EVENT,
  PROGRESS_EVENT,
  type CodeModeTool,
  type CodeModeToolInput,
  type CreateCodeModeToolOptions,
} from "./create-code-mode-tool.js";
export {
  createCodeModeIsolateDriver,
  type CodeModeIsolateDriver,
  type CodeModeIsolateDriverOptions,
} from "./create-code-mode-isolate-driver.js";
export { fromTanStackTools, type FromTanStackToolsOptions, type NamespaceOption, type TanStackTool } from "./from-tanstack-tools.js";
export { loadMcpTools, type McpToolSource } from "./load-mcp-tools.js";
// The core's types this package's options and results are made of, so its users name them from here.
export type {
  CodeMode,
  CreateCodeModeOptions,
  Diagnostic,
  ExecuteToolInput,
  ExecutionError,
  ExecutionErrorKind,
  ExecutionEvent,
  ExecutionResult,
  JsonValue,
  PendingCall,
  ToolCallRecord,
  ToolDefinition,
  Truncation,
} from "@codemode/core";

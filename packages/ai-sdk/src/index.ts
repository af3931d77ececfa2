// The public API of @codemode/ai-sdk.
export {
  createCodeModeTool,
  type CodeModeTool,
  type CodeModeToolInput,
  type CodeModeToolOutput,
  type CreateCodeModeToolOptions,
} from "./create-code-mode-tool.js";
export type { ExecutionProgress, StreamedRun } from "./stream-run.js";
export {
  fromAiSdkTools,
  type FromAiSdkToolsOptions,
  type NamespaceOption,
  type ToolCallOptions,
} from "./from-ai-sdk-tools.js";
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

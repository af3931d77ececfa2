// The public API of @codemode/cloudflare: every name here is a decision, and adding one gets a changeset.
export {
  createCodeModeExecutor,
  type CodeModeExecuteOptions,
  type CodeModeExecutor,
  type CodeModeExecutorOptions,
  type ProviderFunctions,
} from "./create-code-mode-executor.js";
// The core's types this package's options and results are made of, so its users name them from here.
export type {
  CodeMode,
  CreateCodeModeOptions,
  Diagnostic,
  ExecutionError,
  ExecutionErrorKind,
  ExecutionResult,
  JsonSchema,
  JsonValue,
  PendingCall,
  ToolCallRecord,
  Truncation,
} from "@codemode/core";

// The public API of @codemode/langchain: every name here is a decision, and adding one gets a changeset.
export {
  CODEMODE_EVENT,
  CodeModeTool,
  createCodeModeTool,
  type CodeModeToolFields,
  type CreateCodeModeToolOptions,
} from "./create-code-mode-tool.js";
export {
  fromLangChainTools,
  type FromLangChainToolsOptions,
  type NamespaceOption,
} from "./from-langchain-tools.js";
export type { LangChainTool } from "./langchain-tool.js";
export { fromToolOutput, type FromToolOutputOptions } from "./from-tool-output.js";
export {
  type InterruptOnOption,
  type InterruptOnRequest,
  type InterruptOnRule,
} from "./to-requires-approval.js";
export type { CodeModeInterrupt, CodeModeResume } from "./interrupt-at-approval.js";
// The core's types this package's options and results are made of, so its users name them from here.
export type {
  ApprovalDecision,
  CodeMode,
  ContinuationStore,
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

// The public API of @codemode/openai-agents: every name here is a decision, and adding one gets a changeset.
export {
  createCodeModeTool,
  type CodeModeTool,
  type CodeModeToolInput,
  type CreateCodeModeToolOptions,
} from "./create-code-mode-tool.js";
export { fromOpenAITools, type FromOpenAIToolsOptions, type NamespaceOption, type OuterCall } from "./from-openai-tools.js";
export { loadMcpTools } from "./load-mcp-tools.js";
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
  McpCallToolResult,
  PendingCall,
  ToolCallRecord,
  ToolDefinition,
  Truncation,
} from "@codemode/core";

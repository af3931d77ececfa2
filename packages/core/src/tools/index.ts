export { createAllowFilter, type AllowFilter } from "./allow-filter.js";
export { createResourceAllowFilter, type ResourceAllowFilter } from "./resource-allow-filter.js";
export { decodeBinary } from "./decode-binary.js";
export { defineTool } from "./define-tool.js";
export {
  CODE_DESCRIPTION,
  EXECUTION_RESULT_SCHEMA,
  executeInputSchema,
  SESSION_ID_DESCRIPTION,
  type ExecuteInputSchemaOptions,
  type ExecuteToolInput,
} from "./execute-tool-schemas.js";
export {
  fromCallToolResult,
  isCallToolResult,
  type FromCallToolResultOptions,
  type McpCallToolResult,
  type McpContentBlock,
} from "./from-call-tool-result.js";
export { isStandardSchema, toJsonSchema } from "./to-json-schema.js";
export type {
  JsonSchema,
  StateTransition,
  ToolAnnotations,
  ToolDefinition,
  ToolExecutionContext,
  ToolSchema,
} from "./tool-definition.js";
export { checkToolName, createToolNamer, MAX_TOOL_NAME_LENGTH, type ToolNamer } from "./tool-name.js";
export { createToolRegistry, type RegisteredTool, type ToolRegistry } from "./tool-registry.js";
export { isToolResult, toolResult, type ToolResult } from "./tool-result.js";

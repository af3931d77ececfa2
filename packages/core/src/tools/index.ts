export { createAllowFilter, type AllowFilter } from "./allow-filter.js";
export { assertToolDefinition, defineTool } from "./define-tool.js";
export { isStandardSchema, toJsonSchema } from "./to-json-schema.js";
export type {
  JsonSchema,
  StateTransition,
  ToolAnnotations,
  ToolDefinition,
  ToolExecutionContext,
  ToolSchema,
} from "./tool-definition.js";
export { checkToolName, parseToolName, type ToolName } from "./tool-name.js";
export { createToolRegistry, type RegisteredTool, type ToolRegistry } from "./tool-registry.js";
export { isToolResult, toolResult, type ToolResult } from "./tool-result.js";
export { createArgumentValidator, type ArgumentValidator, type ValidationResult } from "./validate-arguments.js";

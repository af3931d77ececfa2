import { CodeModeError } from "../errors/index.js";
import { assertToolDefinition } from "./define-tool.js";
import type { JsonSchema, ToolDefinition } from "./tool-definition.js";
import { parseToolName } from "./tool-name.js";
import { toJsonSchema } from "./to-json-schema.js";
import { createArgumentValidator, type ArgumentValidator } from "./validate-arguments.js";

/** A tool as the core uses it: its definition plus the parts derived from it once. */
export interface RegisteredTool {
  name: string;
  namespace: string;
  localName: string;
  definition: ToolDefinition;
  /** JSON Schema of the input; `undefined` when the tool takes no declared input. */
  inputJsonSchema: JsonSchema | undefined;
  outputJsonSchema: JsonSchema | undefined;
  validate: ArgumentValidator;
}

/** The tools of one code mode, by name. */
export interface ToolRegistry {
  get(name: string): RegisteredTool | undefined;
  /** Every tool, in the order they were given. */
  readonly tools: readonly RegisteredTool[];
}

/**
 * Checks and indexes a set of tool definitions; a duplicate or invalid one throws INVALID_TOOL, and so does a flat
 * tool named like a namespace (`tools.billing` cannot be a tool and hold `tools.billing.list` at once).
 */
export function createToolRegistry(definitions: readonly ToolDefinition[]): ToolRegistry {
  if (!Array.isArray(definitions)) {
    throw new CodeModeError("INVALID_OPTIONS", "`tools` must be an array of tool definitions.");
  }
  const byName = new Map<string, RegisteredTool>();
  for (const definition of definitions) {
    assertToolDefinition(definition);
    if (byName.has(definition.name)) {
      throw new CodeModeError("INVALID_TOOL", `Tool "${definition.name}" is defined twice.`, { details: { name: definition.name } });
    }
    const { namespace, localName } = parseToolName(definition.name);
    byName.set(definition.name, {
      name: definition.name,
      namespace,
      localName,
      definition,
      inputJsonSchema: toJsonSchema(definition.inputSchema, "input"),
      outputJsonSchema: toJsonSchema(definition.outputSchema, "output"),
      validate: createArgumentValidator(definition.inputSchema),
    });
  }
  const tools = [...byName.values()];
  assertNoFlatCollision(tools);
  return { get: (name) => byName.get(name), tools };
}

function assertNoFlatCollision(tools: readonly RegisteredTool[]): void {
  const namespaced = new Map<string, string>();
  for (const tool of tools) if (tool.namespace !== "" && !namespaced.has(tool.namespace)) namespaced.set(tool.namespace, tool.name);
  for (const tool of tools) {
    const other = tool.namespace === "" ? namespaced.get(tool.name) : undefined;
    if (other === undefined) continue;
    throw new CodeModeError(
      "INVALID_TOOL",
      `Tool "${tool.name}" has no namespace and the same name as the namespace of "${other}"; rename it or give it a namespace.`,
      { details: { name: tool.name } },
    );
  }
}

import { CodeModeError } from "../errors/index.js";
import { findUnsafePattern } from "./find-unsafe-pattern.js";
import type { ToolDefinition } from "./tool-definition.js";
import { parseToolName } from "./tool-name.js";
import { isStandardSchema } from "./to-json-schema.js";

/**
 * Declares a host tool that scripts can call. Checks the definition at once, so a bad name or a missing `execute`
 * fails where the tool is written rather than where it is first called.
 *
 * @example
 * const listInvoices = defineTool({
 *   name: "billing.list_invoices",
 *   description: "List invoices, 100 to a page.",
 *   inputSchema: z.object({ cursor: z.string().optional() }),
 *   execute: async ({ cursor }, { signal }) => billing.invoices.list({ cursor, signal }),
 * });
 */
export function defineTool<Input = any, Output = unknown>(
  definition: ToolDefinition<Input, Output>,
): ToolDefinition<Input, Output> {
  assertToolDefinition(definition);
  return definition;
}

/** Throws INVALID_TOOL, naming the tool and the field, when a definition is not usable. */
export function assertToolDefinition(definition: unknown): asserts definition is ToolDefinition {
  if (typeof definition !== "object" || definition === null) {
    throw new CodeModeError("INVALID_TOOL", "A tool definition must be an object.");
  }
  const tool = definition as Partial<ToolDefinition>;
  parseToolName(tool.name as string);
  const fail = (message: string) => {
    throw new CodeModeError("INVALID_TOOL", `Tool "${tool.name}": ${message}.`, { details: { name: tool.name } });
  };
  if (typeof tool.description !== "string") fail("description must be a string");
  if (typeof tool.execute !== "function") fail("execute must be a function");
  for (const key of ["inputSchema", "outputSchema"] as const) {
    const schema = tool[key];
    if (schema !== undefined && (typeof schema !== "object" || schema === null || Array.isArray(schema))) {
      fail(`${key} must be a JSON Schema object or a Standard Schema`);
    }
  }
  // Arguments are checked against the input schema on the host's thread, so each pattern must run in linear time.
  const unsafe = tool.inputSchema !== undefined && !isStandardSchema(tool.inputSchema) ? findUnsafePattern(tool.inputSchema) : null;
  if (unsafe) {
    fail(`inputSchema's pattern ${JSON.stringify(unsafe.pattern)} at ${unsafe.path || "/"} cannot be checked in linear time (${unsafe.reason}); write it without lookaround or backreferences`);
  }
  if (tool.affordances !== undefined && !isStringArray(tool.affordances)) fail("affordances must be strings");
  if (tool.toolkit !== undefined && typeof tool.toolkit !== "string") fail("toolkit must be a string");
  if (tool.requiresApproval !== undefined && typeof tool.requiresApproval !== "boolean" && typeof tool.requiresApproval !== "function") {
    fail("requiresApproval must be a boolean or a function");
  }
  const transition = tool.stateTransition;
  if (
    transition !== undefined &&
    (typeof transition !== "object" ||
      (transition.requires !== undefined && !isStringArray(transition.requires)) ||
      (transition.produces !== undefined && !isStringArray(transition.produces)))
  ) {
    fail("stateTransition.requires and .produces must be arrays of strings");
  }
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

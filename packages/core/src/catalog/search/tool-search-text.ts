import type { RegisteredTool } from "../../tools/index.js";

/** The searchable fields of one tool; names weigh most when ranked. */
export interface ToolSearchText {
  name: string;
  namespace: string;
  description: string;
  affordances: string;
  parameters: string;
}

const MAX_PARAMETER_DEPTH = 2;

/** Pulls a tool's searchable text out of its definition: parameter names and descriptions included. */
export function toolSearchText(tool: RegisteredTool): ToolSearchText {
  const parameters: string[] = [];
  collectParameters(tool.inputJsonSchema, parameters, 0);
  return {
    name: tool.localName,
    namespace: tool.namespace,
    description: tool.definition.description,
    affordances: (tool.definition.affordances ?? []).join(". "),
    parameters: parameters.join(". "),
  };
}

/** One text per tool for an embedding model. */
export function toolEmbeddingText(tool: RegisteredTool): string {
  const text = toolSearchText(tool);
  return [`${tool.name}: ${text.description}`, text.affordances, text.parameters && `Parameters: ${text.parameters}`]
    .filter(Boolean)
    .join("\n");
}

function collectParameters(schema: unknown, out: string[], depth: number): void {
  if (depth >= MAX_PARAMETER_DEPTH || typeof schema !== "object" || schema === null) return;
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties !== "object" || properties === null) return;
  for (const [name, property] of Object.entries(properties)) {
    const description = (property as { description?: unknown } | null)?.description;
    out.push(typeof description === "string" ? `${name} ${description}` : name);
    collectParameters(property, out, depth + 1);
  }
}

import type { JsonSchema, ToolDefinition } from "@codemode/core";
import { generateTools } from "../catalog/generate-tools.js";

/** The tool counts the check is measured against. */
export const TOOL_COUNTS = [10, 1000, 10_000] as const;

/** `count` generated tools, in at least two namespaces, so the script's two calls reach two of them. */
export function checkTools(count: number): ToolDefinition[] {
  return generateTools(count, { perNamespace: Math.min(100, Math.ceil(count / 2)) });
}

/** An argument object that the tool's input schema accepts: its required properties, each with a fitting value. */
function argumentsFor(tool: ToolDefinition): string {
  const schema = tool.inputSchema as JsonSchema;
  const properties = schema.properties as Record<string, JsonSchema>;
  const required = (schema.required as string[] | undefined) ?? [];
  const value = (property: JsonSchema) =>
    Array.isArray(property.enum) ? JSON.stringify(property.enum[0]) : { string: '"x"', integer: "1", number: "1", boolean: "false", array: "[]" }[String(property.type)];
  return `{ ${required.map((key) => `${key}: ${value(properties[key]!)}`).join(", ")} }`;
}

/** A correct 10-line script that calls the first two tools (of two namespaces) and reads their typed results. */
export function checkScript(tools: readonly ToolDefinition[]): string {
  const [first, second] = tools as [ToolDefinition, ToolDefinition];
  return [
    `const first = await tools.${first.name}(${argumentsFor(first)});`,
    "if (!first.ok) return first.error.message;",
    "const items = first.data.items ?? [];",
    "let count = 0;",
    "for (const item of items) count += item ? 1 : 0;",
    `const second = await tools.${second.name}(${argumentsFor(second)});`,
    "const total = count + (second.ok ? (second.data.items ?? []).length : 0);",
    "const label = `total: ${total}`;",
    "console.log(label);",
    "return { total, label };",
  ].join("\n");
}

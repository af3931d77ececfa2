import type { RegisteredTool } from "../../tools/index.js";
import { jsonSchemaToTypeScript } from "./json-schema-to-typescript.js";
import { renderKey } from "./render-jsdoc.js";

/**
 * How a signature is written: multi-line with JSDoc, or one line for tight prompts; "check" is one line as the script
 * checker reads it, where whatever the schemas leave open (no schema, `unknown`, keys not ruled out by
 * `additionalProperties: false`) is `any`.
 */
export type SignatureStyle = "pretty" | "compact" | "check";

/** What a tool call resolves to: an envelope that never throws, or the data itself (a failure throws ToolCallError). */
export type CallStyle = "envelope" | "value";

/**
 * The TypeScript method signature of a tool as its namespace object holds it, for example
 * `list_invoices(args?: { cursor?: string }): Promise<Envelope<Invoice[]>>` (`Promise<Invoice[]>` in the value style).
 */
export function toolSignature(
  tool: RegisteredTool,
  style: SignatureStyle = "pretty",
  indent = "",
  callStyle: CallStyle = "envelope",
): string {
  const input = tool.inputJsonSchema;
  const output = tool.outputJsonSchema;
  const open = style === "check";
  const options = { style: open ? "compact" : style, indent, open } as const;
  // Without a schema a tool takes any arguments, a string too: the checker must not refuse one.
  const args = input === undefined ? (open ? "any" : "Record<string, unknown>") : jsonSchemaToTypeScript(input, options).type;
  const result = output === undefined ? (open ? "any" : "unknown") : jsonSchemaToTypeScript(output, options).type;
  const optional = input === undefined || !hasRequired(input) ? "?" : "";
  const resolved = callStyle === "value" ? result : `Envelope<${result}>`;
  const signature = `${renderKey(tool.localName)}(args${optional}: ${args}): Promise<${resolved}>`;
  if (!open || callStyle !== "value") return signature;
  // In the value style a call made with `{ content: true }` resolves to `{ data, content }`; the checker must know.
  return `${signature}; ${renderKey(tool.localName)}(args${optional}: ${args}, options: { content: true }): Promise<{ data: ${result}; content: Content[] }>`;
}

/**
 * How a script reaches a tool: `tools.billing.list_invoices`, `tools.getCustomer` for a flat tool, or bracketed
 * where a part is not an identifier.
 */
export function toolPath(tool: Pick<RegisteredTool, "namespace" | "localName">): string {
  if (tool.namespace === "") return `tools${member(tool.localName)}`;
  return `tools${member(tool.namespace)}${member(tool.localName)}`;
}

function member(key: string): string {
  const rendered = renderKey(key);
  return rendered === key ? `.${key}` : `[${rendered}]`;
}

function hasRequired(schema: Record<string, unknown>): boolean {
  if (Array.isArray(schema.required) && schema.required.length > 0) return true;
  // A schema that is not a plain object of properties (a union, a $ref) may well need arguments.
  if (schema.type !== undefined && schema.type !== "object") return true;
  return "$ref" in schema || "anyOf" in schema || "oneOf" in schema;
}

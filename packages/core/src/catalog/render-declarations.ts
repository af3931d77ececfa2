import type { RegisteredTool } from "../tools/index.js";
import {
  CATALOG_DECLARATION,
  CHECK_ENVELOPE_DECLARATION,
  ENVELOPE_DECLARATION,
  renderComment,
  renderKey,
  VALUE_DECLARATION,
  type CallStyle,
} from "./signature/index.js";

/** Options of {@link renderDeclarations}. */
export interface RenderDeclarationsOptions {
  /** Whether the `catalog` global is declared too. Default true; false for execute-only mode. */
  search?: boolean;
  /** Whether each tool carries its JSDoc (description, hints). Default true. */
  comments?: boolean;
  /** "value" declares `ToolCallError` instead of `Envelope<T>` (the signatures must match). Default "envelope". */
  callStyle?: CallStyle;
  /** The envelope as the script checker reads it (the signatures are then in the "check" style). Default false. */
  open?: boolean;
}

/**
 * Writes the TypeScript declarations a script is written against: `Envelope<T>`, the `catalog` global (when search
 * is on) and `declare const tools: { namespace: { tool(args): Promise<Envelope<Output>> } }`, flat tools (no
 * namespace) as members of `tools` itself.
 */
export function renderDeclarations(
  tools: readonly RegisteredTool[],
  signatureOf: (tool: RegisteredTool) => string,
  options: RenderDeclarationsOptions = {},
): string {
  const envelope = options.open ? CHECK_ENVELOPE_DECLARATION : ENVELOPE_DECLARATION;
  const parts = [options.callStyle === "value" ? VALUE_DECLARATION : envelope];
  if (options.search !== false) parts.push(CATALOG_DECLARATION);
  parts.push(renderToolsDeclaration(tools, signatureOf, options.comments !== false, options.open === true));
  return `${parts.join("\n")}\n`;
}

/**
 * Only the `declare const tools: {...}` part. `open`, as the checker reads it: a namespace holding a tool whose local
 * name has dots (`crm.accounts.find`) takes any member, since the script may reach that tool as
 * `tools.crm.accounts.find` as well as `tools.crm["accounts.find"]`.
 */
export function renderToolsDeclaration(
  tools: readonly RegisteredTool[],
  signatureOf: (tool: RegisteredTool) => string,
  comments = true,
  open = false,
): string {
  const byNamespace = new Map<string, RegisteredTool[]>();
  for (const tool of tools) {
    const group = byNamespace.get(tool.namespace);
    if (group) group.push(tool);
    else byNamespace.set(tool.namespace, [tool]);
  }
  const lines = ["declare const tools: {"];
  const pushTool = (tool: RegisteredTool, indent: string) => {
    if (comments) lines.push(renderComment(toolDocLines(tool), indent).trimEnd());
    lines.push(`${indent}${signatureOf(tool).replace(/\n/g, `\n${indent}`)};`);
  };
  for (const tool of byNamespace.get("") ?? []) pushTool(tool, "  ");
  for (const [namespace, group] of byNamespace) {
    if (namespace === "") continue;
    lines.push(`  ${renderKey(namespace)}: {`);
    if (open && group.some((tool) => tool.localName.includes("."))) lines.push("    [key: string]: any;");
    for (const tool of group) pushTool(tool, "    ");
    lines.push("  };");
  }
  lines.push("};");
  return lines.filter((line) => line !== "").join("\n");
}

/** A tool's description and behaviour hints, as the lines of its JSDoc. */
export function toolDocLines(tool: RegisteredTool): string[] {
  const { description, annotations = {}, stateTransition } = tool.definition;
  const lines = description.trim() === "" ? [] : description.trim().split(/\r?\n/);
  const hints = [
    annotations.readOnlyHint && "read-only",
    annotations.destructiveHint && "destructive",
    annotations.idempotentHint && "idempotent",
    annotations.openWorldHint && "reaches the outside world",
  ].filter(Boolean);
  if (hints.length > 0) lines.push(`Hints: ${hints.join(", ")}.`);
  if (stateTransition?.requires?.length) lines.push(`Requires state: ${stateTransition.requires.join(", ")}.`);
  if (stateTransition?.produces?.length) lines.push(`Produces state: ${stateTransition.produces.join(", ")}.`);
  return lines;
}

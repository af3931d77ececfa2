import { createToolNamer, fromCallToolResult, isCallToolResult, type ToolDefinition, type ToolSchema } from "@codemode/core";
import type { ToolExecutionContext } from "@mastra/core/tools";

/** A Mastra tool as `createTool()` and `@mastra/mcp` make it: an id, a description, schemas and `execute`. */
export interface MastraTool {
  id?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  requireApproval?: boolean | ((input: any, context?: any) => boolean | Promise<boolean>);
  execute?: (inputData: any, context: ToolExecutionContext<any, any, any>) => unknown;
}

/** Where each Mastra tool goes: one namespace for all, or a map from tool key to namespace (others stay flat). */
export type NamespaceOption = string | Readonly<Record<string, string>>;

/** Options of {@link fromMastraTools}. */
export interface FromMastraToolsOptions {
  /** Without it the tools are flat: the script calls `tools.<key>(args)`. */
  namespace?: NamespaceOption;
  /** Told about every tool that code mode leaves out, and why. */
  onWarning: (message: string) => void;
}

/**
 * Turns Mastra tools (the record an `Agent` takes) into the core's tool definitions, each named after its key by the
 * core's tool-name rule. A call runs the tool's own `execute` with the outer call's context (`requestContext`,
 * `mastra`, tracing, the agent's ids) and an `abortSignal` of its own; the tool's Standard Schema parses the
 * arguments first, so it gets its defaults and transforms. `requireApproval` becomes `requiresApproval`. A tool
 * returning an MCP CallToolResult (the tools of `@mastra/mcp`) gives the script what every adapter gives for it.
 */
export function fromMastraTools(tools: Readonly<Record<string, MastraTool>>, options: FromMastraToolsOptions): ToolDefinition[] {
  const nameOf = createToolNamer();
  const definitions: ToolDefinition[] = [];
  for (const [key, tool] of Object.entries(tools)) {
    if (typeof tool.execute !== "function") {
      options.onWarning(`Code mode leaves out the tool "${key}": it has no execute function.`);
      continue;
    }
    definitions.push(fromMastraTool(nameOf(key, namespaceOf(key, options.namespace)), tool));
  }
  return definitions;
}

function namespaceOf(key: string, namespace: NamespaceOption | undefined): string | undefined {
  if (namespace === undefined || typeof namespace === "string") return namespace;
  return Object.hasOwn(namespace, key) ? namespace[key] : undefined;
}

function fromMastraTool(name: string, tool: MastraTool): ToolDefinition {
  return {
    name,
    description: tool.description ?? "",
    inputSchema: (tool.inputSchema ?? { type: "object" }) as ToolSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as ToolSchema } : {}),
    ...(tool.requireApproval ? { requiresApproval: toRequiresApproval(tool.requireApproval) } : {}),
    execute: async (args, { signal, context }) => {
      const outer = (context ?? {}) as ToolExecutionContext;
      const output = await tool.execute!(args, { ...outer, abortSignal: signal });
      return fromMcpOutput(output);
    },
  };
}

/** `requireApproval` as the core asks it; a function gets the parsed input and the outer call's request context and workspace. */
function toRequiresApproval(rule: NonNullable<MastraTool["requireApproval"]>): ToolDefinition["requiresApproval"] {
  if (typeof rule !== "function") return rule;
  return async (args, { context }) => {
    const { requestContext, workspace } = (context ?? {}) as ToolExecutionContext;
    return (await rule(args, { requestContext, workspace })) === true;
  };
}

// `@mastra/mcp` returns a result with structured content as that content, its MCP content blocks kept on this symbol.
const MCP_CONTENT = Symbol.for("mastra.mcp.callToolContent");

/** The MCP result a tool's output stands for, read by the core's MCP rule; any other output as it is. */
function fromMcpOutput(output: unknown): unknown {
  if (isCallToolResult(output)) return fromCallToolResult(output);
  const content = output !== null && typeof output === "object" ? (output as Record<symbol, unknown>)[MCP_CONTENT] : undefined;
  return Array.isArray(content) ? fromCallToolResult({ content, structuredContent: output }) : output;
}
